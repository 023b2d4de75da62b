#include "render/computed/action.h"

#include <catch2/catch.hpp>

using tfstream::OpenTofuFlavor;
using tfstream::TerraformFlavor;
using tfstream::render::Action;
using tfstream::render::DiffActionSymbolMarkup;

// Terraform's format.DiffActionSymbol and OpenTofu's renderers.DiffActionSymbol.
TEST_CASE("DiffActionSymbolMarkup per flavour", "[action][flavor]") {
  for (const auto* f : {&TerraformFlavor(), &OpenTofuFlavor()}) {
    CHECK(DiffActionSymbolMarkup(Action::kDeleteThenCreate, *f) == "[red]-[reset]/[green]+[reset]");
    CHECK(DiffActionSymbolMarkup(Action::kCreateThenDelete, *f) == "[green]+[reset]/[red]-[reset]");
    CHECK(DiffActionSymbolMarkup(Action::kCreate, *f) == "  [green]+[reset]");
    CHECK(DiffActionSymbolMarkup(Action::kDelete, *f) == "  [red]-[reset]");
    CHECK(DiffActionSymbolMarkup(Action::kRead, *f) == " [cyan]<=[reset]");
    CHECK(DiffActionSymbolMarkup(Action::kUpdate, *f) == "  [yellow]~[reset]");
    CHECK(DiffActionSymbolMarkup(Action::kNoOp, *f) == "   ");
  }
  CHECK(DiffActionSymbolMarkup(Action::kForget, TerraformFlavor()) == " [red].[reset]");
  CHECK(DiffActionSymbolMarkup(Action::kForget, OpenTofuFlavor()) == "  [red].[reset]");
  CHECK(DiffActionSymbolMarkup(Action::kCreateThenForget, TerraformFlavor()) == " [green]+[reset]/[red].[reset]");
  CHECK(DiffActionSymbolMarkup(Action::kForgetThenCreate, OpenTofuFlavor()) == "  [red].[reset]/[green]+[reset]");
  // Each renderer's default for the other's action.
  CHECK(DiffActionSymbolMarkup(Action::kCreateThenForget, OpenTofuFlavor()) == "  ?");
  CHECK(DiffActionSymbolMarkup(Action::kForgetThenCreate, TerraformFlavor()) == "  ?");
}
