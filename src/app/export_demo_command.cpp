#include "app/export_demo_command.h"

#include <cstdio>
#include <memory>
#include <string>

#include "demo/demo_export.h"

namespace app {

void add_export_demo_command(CLI::App& app, int& exit_code) {
  auto out = std::make_shared<std::string>();
  CLI::App* command =
      app.add_subcommand("export-demo", "Write the built-in demo character as binary glTF (.glb)");
  command->add_option("out", *out, "The .glb file to write")->required();
  command->callback([out, &exit_code] {
    const std::string error = demo::export_demo_character(*out);
    if (!error.empty()) {
      std::fprintf(stderr, "animview export-demo: %s\n", error.c_str());
      exit_code = 1;
      return;
    }
    std::printf("wrote %s\n", out->c_str());
    exit_code = 0;
  });
}

}  // namespace app
