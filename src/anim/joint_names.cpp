#include "anim/joint_names.h"

#include <cctype>

namespace anim {

namespace {

// A word of a name as its position and length in the name, so a side word can be replaced in
// the spelling the name uses.
struct WordSpan {
  std::size_t start = 0;
  std::size_t length = 0;
};

std::vector<WordSpan> word_spans(std::string_view name) {
  std::vector<WordSpan> spans;
  char previous = ' ';
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    const bool alnum = std::isalnum(c) != 0;
    const bool camel_break =
        std::isupper(c) != 0 && std::islower(static_cast<unsigned char>(previous)) != 0;
    const bool in_word = !spans.empty() && spans.back().start + spans.back().length == i;
    if (alnum) {
      if (in_word && !camel_break) {
        ++spans.back().length;
      } else {
        spans.push_back({i, 1});
      }
    }
    previous = name[i];
  }
  return spans;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The other side's word in the case style of word ("L" -> "R", "left" -> "right", "Left" ->
// "Right", "LEFT" -> "RIGHT").
std::string swapped_word(std::string_view word) {
  const std::string l = lower(word);
  std::string other = l == "l" ? "r" : l == "r" ? "l" : l == "left" ? "right" : "left";
  const bool all_upper = std::isupper(static_cast<unsigned char>(word.back())) != 0;
  const bool first_upper = std::isupper(static_cast<unsigned char>(word.front())) != 0;
  for (std::size_t i = 0; i < other.size(); ++i) {
    if (all_upper || (first_upper && i == 0)) {
      other[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(other[i])));
    }
  }
  return other;
}

}  // namespace

std::vector<std::string> name_words(std::string_view name) {
  std::vector<std::string> words;
  for (const WordSpan& s : word_spans(name)) words.push_back(lower(name.substr(s.start, s.length)));
  return words;
}

NameSide name_side(const std::vector<std::string>& words) {
  for (const std::string& w : words) {
    if (w == "l" || w.starts_with("left")) return NameSide::Left;
    if (w == "r" || w.starts_with("right")) return NameSide::Right;
  }
  return NameSide::None;
}

bool has_word(const std::vector<std::string>& words, std::initializer_list<std::string_view> any) {
  for (const std::string& w : words) {
    for (std::string_view a : any) {
      if (w.starts_with(a)) return true;
    }
  }
  return false;
}

std::string swap_side_in_name(std::string_view name) {
  for (const WordSpan& s : word_spans(name)) {
    const std::string_view word = name.substr(s.start, s.length);
    const std::string l = lower(word);
    // "LeftUpLeg" splits into left + up + leg; "lefthand" stays one word: swap its prefix.
    std::size_t side_length = 0;
    if (l == "l" || l == "r") side_length = 1;
    if (l.starts_with("left")) side_length = 4;
    if (l.starts_with("right")) side_length = 5;
    if (side_length == 0) continue;
    std::string out(name.substr(0, s.start));
    out += swapped_word(word.substr(0, side_length));
    out += name.substr(s.start + side_length);
    return out;
  }
  return {};
}

}  // namespace anim
