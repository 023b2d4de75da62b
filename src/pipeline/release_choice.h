// Which release's text a run reproduces, within the flavour already chosen
// (pipeline/flavor_choice.h): --renderer-version latest, X.Y[.Z], or auto
// (the default), which reads the plan's (or state's) "terraform_version" as
// the pre-scan found it, before any output. OpenTofu writes its own version under that
// key, so the number means a release of whichever flavour was chosen; no
// other key of the plan is consulted to tell the flavours apart.
//
// Never an error: a version outside the releases tfstream reproduces
// (base/flavor.h: SupportedReleases) gets the nearest end's text, a
// document's terraform_version that is no release number (or no string) the
// newest text, each with one note for standard error saying which release's
// text was printed and why. (An explicit --renderer-version that is no
// release number never gets here: the command line refuses it.)
// A document without terraform_version (the renderer's shape, or null) gets
// the newest text, silently. When --flavor auto found nothing telling
// Terraform from OpenTofu, fell back to Terraform and the number (the plan's
// or --renderer-version's) also names an OpenTofu release whose text
// tfstream reproduces, a note says that the release was read as Terraform's;
// unless the plan has "applyable" or "complete", which Terraform writes from
// 1.8 on and OpenTofu never (the one use of keys to tell the flavours apart:
// it does not change the flavour, only whether the default is a guess).
#pragma once

#include <string>
#include <vector>

#include "base/flavor.h"
#include "pipeline/plan_pipeline.h"
#include "stream/pre_scan.h"

namespace tfstream::pipeline {

struct ReleaseChoice {
  Flavor profile;                  // FlavorProfileAt(flavour, the release chosen)
  std::vector<std::string> notes;  // for standard error, without "tfstream: note: "
};

// What a document says of the release that wrote it.
struct VersionClaim {
  bool present = false;    // a non-null "terraform_version"
  bool is_string = false;  // ... that is a string
  std::string text;        // ... and its text
  // Keys only Terraform writes (a plan's "applyable"/"complete", 1.8 on).
  bool terraform_only_keys = false;
  DocumentKind document = DocumentKind::kPlan;  // notes call it by its noun
};

// `flavour_by_default`: --flavor auto fell back to Terraform for want of
// any sign. `label`: how notes name the document ("plan.json", "standard
// input").
ReleaseChoice ChooseRelease(FlavorId flavour, bool flavour_by_default, const RendererVersion& option,
                            const VersionClaim& claim, const std::string& label);
// A plan's claim, as the pre-scan read it.
ReleaseChoice ChooseRelease(FlavorId flavour, bool flavour_by_default, const RendererVersion& option,
                            const stream::PlanFacts& facts, const std::string& label);

}  // namespace tfstream::pipeline
