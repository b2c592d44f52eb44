#include "app/cli_checks.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "import/import_limits.h"

namespace app {
namespace {

// "" when text is a finite number, otherwise why not.
std::string check_finite(const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end == text.c_str() || *end != '\0') return "'" + text + "' is not a number";
  if (!std::isfinite(value)) return "'" + text + "' is not a finite number";
  return {};
}

}  // namespace

CLI::Validator finite_number() {
  return CLI::Validator(check_finite, "FINITE", "finite number");
}

CLI::Validator finite_assignment() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        const std::size_t eq = text.find('=');
        if (eq == std::string::npos) return "'" + text + "': expected NAME=VALUE";
        const std::string error = check_finite(text.substr(eq + 1));
        return error.empty() ? error : "'" + text + "': " + error;
      },
      "NAME=VALUE", "parameter assignment");
}

void add_import_limit_options(CLI::App& app) {
  const auto change = [](auto edit) {
    importer::ImportLimits limits = importer::default_import_limits();
    edit(limits);
    importer::set_default_import_limits(limits);
  };
  app.add_option_function<std::uint64_t>(
         "--import-memory-mib",
         [change](std::uint64_t mib) {
           change([mib](importer::ImportLimits& l) { l.memory_bytes = mib << 20; });
         },
         "Memory an import may use, in MiB (default: 4096 or half the machine's)")
      ->check(CLI::Range(std::uint64_t{16}, std::uint64_t{1} << 30));
  app.add_option_function<int>(
         "--import-cpu-s",
         [change](int seconds) {
           change([seconds](importer::ImportLimits& l) { l.cpu_seconds = seconds; });
         },
         "CPU time an import may take, in seconds (default 60)")
      ->check(CLI::Range(1, 86400));
  app.add_option_function<std::uint64_t>(
         "--import-stack-mib",
         [change](std::uint64_t mib) {
           change([mib](importer::ImportLimits& l) { l.stack_bytes = mib << 20; });
         },
         "Stack an import runs on, in MiB (default 256)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{65536}));
  app.add_flag_function(
      "--import-in-process",
      [change](std::int64_t) { change([](importer::ImportLimits& l) { l.isolated = false; }); },
      "Import in this process, without a child and its limits (for debuggers; a file that "
      "crashes the importer then ends the program)");
}

}  // namespace app
