// Runs the Khronos glTF-Validator (npm package gltf-validator) on one file and prints its
// report's counts and errors. Usage: node gltf_validate.js NODE_MODULES_DIR FILE
// Exit code: 0 no errors, 1 errors found, 2 the validator could not run.
const fs = require('fs');
const path = require('path');

async function main() {
  const [modules, file] = process.argv.slice(2);
  const validator = require(path.join(modules, 'gltf-validator'));
  const bytes = new Uint8Array(fs.readFileSync(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) =>
          err ? reject(err.toString()) : resolve(new Uint8Array(data)));
      }),
  });
  const issues = report.issues;
  console.log(`errors ${issues.numErrors} warnings ${issues.numWarnings} infos ${issues.numInfos}`);
  for (const message of issues.messages) {
    if (message.severity <= 1) {
      console.log(`${message.severity === 0 ? 'error' : 'warning'} ${message.code} ${message.pointer || ''}: ${message.message}`);
    }
  }
  return issues.numErrors === 0 ? 0 : 1;
}

main().then((code) => process.exit(code), (error) => {
  console.log(`gltf_validate: ${error}`);
  process.exit(2);
});
