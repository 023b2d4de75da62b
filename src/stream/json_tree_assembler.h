// TreeAssembler: puts a JsonValue tree together from a stream of events in
// document order (start/end of a container, a key, a value), the one place
// that decides a tree's shape: arrays in document order, objects' members
// sorted by key with the last of duplicate keys kept and the document's order
// recorded when it differs (JsonDocumentOrder, json_value.h).
//
// Internal to the tree readers (json_tree_parser.cc, which takes its events
// from yajl's callbacks, and validated_tree_reader.cc, which reads bytes yajl
// has validated): both build through it, so they differ only in how they
// tokenise and decode, which the cross-check compares (json_tree_check.h).
//
// The caller's events must be well nested (a key before each member's value,
// ends matching starts); values and text are taken as they are and must
// outlive the tree, as the arena does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <new>
#include <string_view>
#include <type_traits>
#include <vector>

#include "buffer/arena.h"
#include "stream/json_value.h"

namespace tfstream::stream::detail {

struct TreeFrame {
  bool is_object;
  // An object whose caller says its keys as they come (FirstKey, NextKey):
  // whether a key was not above the one before it (SortMembers is needed).
  bool unsorted;
  size_t start;  // index into items or members where this frame's children begin
  std::string_view pending_key;
  uint64_t last_prefix;  // the KeyPrefix of the key NextKey was told last
};

// A key's first eight bytes (zero past its end) as a number that orders as
// they do: keys whose prefixes differ are in the order of their prefixes;
// equal prefixes say nothing (a shorter key is padded with zeros). Reads
// only inside the key.
inline uint64_t KeyPrefix(std::string_view key) {
  const char* p = key.data();
  const size_t n = key.size();
  if (n >= 8) return key_compare::Load8(p);
  if (n >= 4) {
    // Two overlapping words: the first at the top, the last ending at byte n.
    return (uint64_t{key_compare::Load4(p)} << 32) | (uint64_t{key_compare::Load4(p + n - 4)} << (64 - 8 * n));
  }
  uint64_t w = 0;
  for (size_t i = 0; i < n; ++i) w |= uint64_t{static_cast<unsigned char>(p[i])} << (56 - 8 * i);
  return w;
}

// KeyPrefix of a key of n bytes whose first eight bytes, and whatever
// follows them, are `eight` (loaded as Load8 does).
inline uint64_t KeyPrefixOfLoaded(uint64_t eight, size_t n) {
  return n >= 8 ? eight : eight & ~(~uint64_t{0} >> (8 * n));
}

// A stack of trivially copyable values, for the assembler's frames and
// children: push_back, back and truncate, each a few instructions (a
// std::vector's resize() checks for growth, and its size() divides).
template <typename T>
class TreeStack {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  TreeStack() = default;
  TreeStack(const TreeStack&) = delete;
  TreeStack& operator=(const TreeStack&) = delete;
  ~TreeStack() { std::free(begin_); }

  void push_back(const T& v) {
    if (end_ == cap_) [[unlikely]] Grow();
    *end_++ = v;
  }
  // A new top value, left for the caller to set.
  T& push_slot() {
    if (end_ == cap_) [[unlikely]] Grow();
    return *end_++;
  }
  T& back() { return end_[-1]; }
  const T& back() const { return end_[-1]; }
  void pop_back() { --end_; }
  bool empty() const { return end_ == begin_; }
  size_t size() const { return static_cast<size_t>(end_ - begin_); }
  size_t capacity() const { return static_cast<size_t>(cap_ - begin_); }
  T* data() { return begin_; }
  const T* data() const { return begin_; }
  // Drops the values from index n on. REQUIRES: n <= size().
  void truncate(size_t n) { end_ = begin_ + n; }
  void clear() { end_ = begin_; }
  // Gives the memory back.
  void release() {
    std::free(begin_);
    begin_ = end_ = cap_ = nullptr;
  }

 private:
  [[gnu::noinline]] void Grow() {
    const size_t n = size();
    const size_t cap = n == 0 ? 64 : 2 * n;
    T* p = static_cast<T*>(std::realloc(static_cast<void*>(begin_), cap * sizeof(T)));
    if (p == nullptr) throw std::bad_alloc();
    begin_ = p;
    end_ = p + n;
    cap_ = p + cap;
  }

  T* begin_ = nullptr;
  T* end_ = nullptr;
  T* cap_ = nullptr;
};

// The assembler's stacks. Kept per thread from one tree to the next
// (ThreadTreeStacks), so that a worker reading thousands of resources does
// not grow them again each time; given back when a huge value has made them
// large (Trim).
struct TreeStacks {
  TreeStack<TreeFrame> frames;
  TreeStack<const JsonValue*> items;
  TreeStack<JsonMember> members;
  std::vector<size_t> perm;  // an unsorted object's members, by key
  std::string scratch;       // a string being decoded

  void Clear() {
    frames.clear();
    items.clear();
    members.clear();
  }
  void Trim();
};

// This thread's stacks. A reader takes them for one tree at a time: no
// reader starts another while it runs.
TreeStacks& ThreadTreeStacks();

// Copies a container's n children off the stack. Most containers are
// small: up to four are copied inline, which is less than a call to memcpy.
template <typename T>
inline void CopyOut(T* to, const T* from, size_t n) {
  if (n <= 4) {
    switch (n) {
      case 4: to[3] = from[3]; [[fallthrough]];
      case 3: to[2] = from[2]; [[fallthrough]];
      case 2: to[1] = from[1]; [[fallthrough]];
      case 1: to[0] = from[0]; [[fallthrough]];
      default: return;
    }
  }
  std::memcpy(static_cast<void*>(to), from, sizeof(T) * n);
}

class TreeAssembler {
 public:
  TreeAssembler(buffer::Arena* arena, TreeStacks* stacks) : arena_(arena), st_(*stacks) { st_.Clear(); }

  // A value where the document has one: the root, an array's next element,
  // or the value of the object member whose key came last. nullptr is null.
  void Value(const JsonValue* v) {
    if (st_.frames.empty()) {
      root_ = v;
      have_root_ = true;
      return;
    }
    TreeFrame& f = st_.frames.back();
    if (f.is_object) {
      st_.members.push_back(JsonMember{f.pending_key, v});
    } else {
      st_.items.push_back(v);
    }
  }
  // Value() where the caller knows the innermost container is an object
  // (Member, given the member's key: no Key() before it) or an array (Item).
  void Member(std::string_view key, const JsonValue* v) { st_.members.push_back(JsonMember{key, v}); }
  void Item(const JsonValue* v) { st_.items.push_back(v); }
  // The key of the object member whose value comes next (a caller that
  // uses Member() says it only before a container).
  void Key(std::string_view key) { st_.frames.back().pending_key = key; }

  // A frame's pending_key is set by Key() before it is read (a container
  // in an object), its last_prefix by FirstKey() before NextKey() reads it.
  void StartObject() { StartFrame(true, st_.members.size()); }
  // An object's keys as a caller reads them, before each member's value:
  // its first key's KeyPrefix, then each later key with its KeyPrefix. A
  // caller that says them all may end the object with EndObjectOfKeys,
  // which then knows whether the keys came sorted without comparing them.
  void FirstKey(uint64_t prefix) { st_.frames.back().last_prefix = prefix; }
  void NextKey(std::string_view key, uint64_t prefix) {
    TreeFrame& f = st_.frames.back();
    // Every earlier member's value is complete: the last member on the
    // stack holds the key before this one.
    if (prefix <= f.last_prefix) [[unlikely]] {
      if (prefix < f.last_prefix || !KeyLess(st_.members.back().key, key)) f.unsorted = true;
    }
    f.last_prefix = prefix;
  }
  void EndObject() {
    const size_t start = st_.frames.back().start;
    const size_t n = st_.members.size() - start;
    const JsonMember* first = st_.members.data() + start;
    // Terraform writes keys sorted, so usually there is nothing to do.
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; ++i) sorted = KeyLess(first[i - 1].key, first[i].key);
    EndObjectSorted(sorted);
  }
  // EndObject of an object whose every key the caller said (FirstKey, NextKey).
  void EndObjectOfKeys() { EndObjectSorted(!st_.frames.back().unsorted); }

  void StartArray() { StartFrame(false, st_.items.size()); }
  void EndArray() {
    const size_t start = st_.frames.back().start;
    st_.frames.pop_back();
    const size_t n = st_.items.size() - start;
    // The value and its elements in one allocation: the elements follow it.
    JsonValue* v = static_cast<JsonValue*>(
        arena_->Allocate(sizeof(JsonValue) + sizeof(JsonValue*) * n, alignof(JsonValue)));
    const JsonValue** items = reinterpret_cast<const JsonValue**>(v + 1);
    CopyOut(items, st_.items.data() + start, n);
    st_.items.truncate(start);
    InitContainer(v, JsonKind::kArray, n);
    v->items = items;
    Value(v);
  }

  // Whether a container is open, and whether the innermost one is an object.
  bool InContainer() const { return !st_.frames.empty(); }
  bool InObject() const { return st_.frames.back().is_object; }

  const JsonValue* root() const { return root_; }
  bool have_root() const { return have_root_; }
  std::string& scratch() { return st_.scratch; }

 private:
  void StartFrame(bool is_object, size_t start) {
    TreeFrame& f = st_.frames.push_slot();
    f.is_object = is_object;
    f.unsorted = false;
    f.start = start;
  }

  static void InitContainer(JsonValue* v, JsonKind kind, size_t n) {
    new (v) JsonValue;
    v->kind = kind;
    v->size = n;
  }

  // Ends the innermost object, whose keys are in order (`sorted`) or not.
  void EndObjectSorted(bool sorted) {
    const size_t start = st_.frames.back().start;
    st_.frames.pop_back();
    const size_t n = st_.members.size() - start;
    JsonValue* v;
    if (sorted) [[likely]] {
      // The value and its members in one allocation: the members follow it.
      v = static_cast<JsonValue*>(
          arena_->Allocate(sizeof(JsonValue) + sizeof(JsonMember) * n, alignof(JsonValue)));
      JsonMember* members = reinterpret_cast<JsonMember*>(v + 1);
      CopyOut(members, st_.members.data() + start, n);
      InitContainer(v, JsonKind::kObject, n);
      v->members = members;
    } else {
      v = arena_->New<JsonValue>();
      v->kind = JsonKind::kObject;
      SortMembers(start, v);
    }
    st_.members.truncate(start);
    Value(v);
  }

  // An object whose members (from members[start]) are not in order or
  // repeat a key: sorted, the last of each key kept, as in a Go map, and
  // the document's order recorded after them.
  [[gnu::noinline]] void SortMembers(size_t start, JsonValue* v);

  buffer::Arena* arena_;
  TreeStacks& st_;
  const JsonValue* root_ = nullptr;
  bool have_root_ = false;
};

}  // namespace tfstream::stream::detail
