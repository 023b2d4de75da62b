// How messages name the commands that make tfstream's inputs. Terraform and
// OpenTofu spell them alike but for the program's name: every message names
// both through these, so that choosing one by flavour is a change here only.
#pragma once

namespace tfstream::pipeline {

// Saves a plan to a file (what show -json reads).
inline constexpr const char* kSavePlanCommand =
    "`terraform plan -out=PLANFILE` (or `tofu plan -out=PLANFILE`)";
// Makes the plan JSON from a saved plan file.
inline constexpr const char* kShowPlanCommand = "`terraform show -json PLANFILE` (or `tofu show -json PLANFILE`)";
// Makes the provider schemas file (--schemas).
inline constexpr const char* kSchemasCommand =
    "`terraform providers schema -json > schemas.json` (or `tofu providers schema -json`)";

}  // namespace tfstream::pipeline
