// The clip library audit's report as a whole: merging shard reports gives the report of the
// audit in one run, the CSV quotes what needs quoting, a file error or an error finding fails
// the report, and the rules file is read with a clear cause for each mistake.
#include "import/audit_report.h"

#include <gtest/gtest.h>

#include "import/audit_rules.h"

namespace {

using nlohmann::json;

json entry(const std::string& file, const std::string& severity) {
  return {{"file", file},
          {"clips",
           {{{"name", "walk"},
             {"findings",
              {{{"kind", "pop"},
                {"severity", severity},
                {"frame", 12},
                {"time", 0.4},
                {"joint", "hips"},
                {"value", 90.0},
                {"message", "pop at frame 12, \"hips\""}}}}}}}};
}

TEST(AuditReport, MergedShardsEqualTheAuditInOneRun) {
  const json a = entry("lib/a.fbx", "warning");
  const json b = entry("lib/b.bvh", "error");
  const json c = {
      {"file", "lib/c.glb"}, {"error", "lib/c.glb: not a glTF file"}, {"clips", json::array()}};
  const json whole = importer::make_audit_report(json::array({c, a, b}));
  const json shards[] = {importer::make_audit_report(json::array({b})),
                         importer::make_audit_report(json::array({c, a}))};
  std::string error;
  EXPECT_EQ(importer::merge_audit_reports(shards, &error), whole);
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(whole["files"][0]["file"], "lib/a.fbx");
  const json bad[] = {json{{"clips", 1}}};
  importer::merge_audit_reports(bad, &error);
  EXPECT_EQ(error, "shard 1 has no \"files\" list");
}

TEST(AuditReport, AFileErrorOrAnErrorFindingFailsTheReport) {
  EXPECT_FALSE(importer::audit_report_fails(
      importer::make_audit_report(json::array({entry("a", "warning")}))));
  EXPECT_TRUE(importer::audit_report_fails(
      importer::make_audit_report(json::array({entry("a", "error")}))));
  const json unreadable = {{"file", "c"}, {"error", "c: bad"}, {"clips", json::array()}};
  EXPECT_TRUE(importer::audit_report_fails(importer::make_audit_report(json::array({unreadable}))));
  const importer::AuditCounts counts = importer::count_audit_report(
      importer::make_audit_report(json::array({entry("a", "warning"), unreadable})));
  EXPECT_EQ(counts.files, 2);
  EXPECT_EQ(counts.unreadable, 1);
  EXPECT_EQ(counts.clips, 1);
  EXPECT_EQ(counts.warnings, 1);
  EXPECT_EQ(counts.errors, 0);
}

TEST(AuditReport, TheCsvHasOneRowPerFindingAndQuotes) {
  const json report = importer::make_audit_report(json::array(
      {entry("a.fbx", "warning"),
       {{"file", "c.glb"}, {"error", "c.glb: bad, truncated"}, {"clips", json::array()}}}));
  EXPECT_EQ(importer::audit_report_csv(report),
            "file,clip,kind,severity,frame,time,joint,value,message\n"
            "a.fbx,walk,pop,warning,12,0.4,hips,90.0,\"pop at frame 12, \"\"hips\"\"\"\n"
            "c.glb,,file,error,,,,,\"c.glb: bad, truncated\"\n");
}

TEST(AuditRules, ThresholdsNamingAndMarkersAreRead) {
  anim::AuditRules rules;
  const json j = json::parse(R"({"thresholds": {"pop_m": {"warning": 30, "error": 60},
      "transition_height_share": {"warning": 0.2, "error": 0.4}}, "one_shot_names": "Stop",
      "sign_flip": "error", "naming": [{"pattern": "[a-z_]+", "severity": "error"}],
      "markers": [{"clips": "walk", "markers": ["foot_l_down", "foot_r_down"]}]})");
  ASSERT_EQ(importer::read_audit_rules(j, rules), "");
  EXPECT_EQ(rules.pop_m.warning, 30.0f);
  EXPECT_EQ(rules.pop_m.error, 60.0f);
  EXPECT_EQ(rules.seam_m.error, anim::AuditRules{}.seam_m.error);
  EXPECT_EQ(rules.transition_height_share.warning, 0.2f);
  EXPECT_EQ(rules.transition_height_share.error, 0.4f);
  EXPECT_EQ(rules.one_shot_names, "Stop");
  EXPECT_EQ(rules.sign_flip, anim::Severity::kError);
  ASSERT_EQ(rules.naming.size(), 1u);
  EXPECT_EQ(rules.naming[0].severity, anim::Severity::kError);
  ASSERT_EQ(rules.markers.size(), 1u);
  EXPECT_EQ(rules.markers[0].markers.size(), 2u);
}

TEST(AuditRules, MistakesAreNamed) {
  anim::AuditRules rules;
  EXPECT_EQ(importer::read_audit_rules(json::parse(R"({"thresholds": {"pops": {}}})"), rules),
            "thresholds: unknown measure 'pops'");
  EXPECT_EQ(importer::read_audit_rules(json::parse(R"({"sign_flip": "fatal"})"), rules),
            "sign_flip: must be \"info\", \"warning\" or \"error\"");
  anim::AuditRules fresh;  // a failed read leaves what it read before the mistake
  EXPECT_NE(importer::read_audit_rules(json::parse(R"({"one_shot_names": "(Jump"})"), fresh)
                .find("one_shot_names: '(Jump' is not a regular expression"),
            std::string::npos);
  EXPECT_NE(importer::read_audit_rules(json::parse(R"({"naming": [{"pattern": "[a-"}]})"), rules)
                .find("naming: '[a-' is not a regular expression"),
            std::string::npos);
  EXPECT_NE(
      importer::read_audit_rules(json::parse(R"({"duplicate_m": "x"})"), rules).find("wrong type"),
      std::string::npos);
}

}  // namespace
