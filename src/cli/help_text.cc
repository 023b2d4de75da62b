#include "cli/help_text.h"

namespace tfstream::cli {

std::string_view HelpPointer() {
  return R"HELP(Exit status: 0 success, 1 bad input, 2 bad usage, 3 Markdown over --max-bytes;
with --detailed-exitcode 2 means the plan has changes.

The rules behind each option (Flavours, Input, Filters, Summary, Markdown, JSON,
Bundle, State, Environment, Exit status, Examples, Releases): tfstream
--help-all, or man tfstream; docs/reference.md in the sources.
)HELP";
}

std::string_view HelpDetails() {
  return R"HELP(Flavours:
  --flavor terraform reproduces Terraform's renderer (hashicorp/terraform
  internal/command/jsonformat @883c7221ee2e, as `terraform show PLANFILE`);
  --flavor opentofu reproduces OpenTofu's (opentofu/opentofu v1.12.6
  @b4305e5a5dd2, as `tofu show PLANFILE`), with OpenTofu's wording, forget
  counts, ["forget","create"], diff rules and [purple] colour. --flavor auto
  (the default) takes the flavour a bundle recorded (tfstream_flavor); else
  picks opentofu when a resource change's provider_name starts with
  registry.opentofu.org/, its actions are ["forget","create"] or its
  action_reason is forgot_because_lifecycle_destroy_in_config,
  forgot_because_lifecycle_destroy_in_state or delete_because_enabled_false,
  else when a provider_schemas key (in the plan, else in the --schemas file)
  starts with registry.opentofu.org/; otherwise terraform. The choice is made
  before any output. Get OpenTofu's JSON with `tofu show -json PLANFILE` and
  `tofu providers schema -json`. --show-sensitive prints sensitive values as
  OpenTofu's -show-sensitive does, with either flavour.

Input:
  PLAN must be a plan, else tfstream exits 1 before any output: its top-level
  object has a member only plans have (planned_values, which `terraform show
  -json PLANFILE` always writes, resource_changes, resource_drift,
  output_changes, prior_state, configuration, deferred_changes,
  action_invocations, relevant_attributes, plan_format_version or
  provider_format_version), or it has the renderer's shape (provider_schemas
  without format_version). A state (`terraform show -json` without PLANFILE;
  render it with --state, see State), a provider schemas document, {}, null,
  a binary plan file (a zip: convert it with `terraform show -json
  PLANFILE`), gzip data, the JSON log of `terraform plan -json` (save the
  plan with `terraform plan -out=PLANFILE`, then give `terraform show -json
  PLANFILE`), empty input and the setup-terraform wrapper's "[command]" and
  "::debug::" lines are each refused with what they are; so is a plan given
  as --schemas. JSON that ends early is reported as a truncated input.
  Only with --flavor opentofu given are {} and null rendered, as OpenTofu
  renders them (no changes; its cloud backend serves {} for a run without a
  plan), with a note on standard error that they hold no plan.

Stale schemas:
  Attributes and blocks in a resource's values that its schema lacks are left
  out, as Terraform does; standard error then gets one warning per resource
  type naming the first and how many more (the schemas may be another provider
  version's). --strict-schemas makes that exit 1, after rendering everything.

Terminal:
  Colour (--color auto) is on when standard output is a terminal, NO_COLOR is
  unset or empty and TERM is not "dumb". The wrap width is, when standard
  output is a terminal, its width (TIOCGWINSZ), else COLUMNS, else 78; when it
  is not a terminal, 78, as Terraform. TF_IN_AUTOMATION (non-empty) or
  --automation words suggestions as Terraform does in automation.

Progress:
  --progress=auto (the default) draws only when standard error is a terminal,
  always draws anyway, never is silent. Nothing is drawn before one second of
  work; then one line on standard error, redrawn in place with "\r" at most 4
  times a second and erased at the end (errors included) and on SIGINT or
  SIGTERM:
    rendering 80.1/120.0 MiB (66%), 1234/5000 resources, 60.1 MiB/s, ETA 0:03
  "scanning" is the first pass, over the whole plan; "rendering" the pass over
  its resource_changes array (the other sections are quick and not reported).
  Bytes, rate and ETA are those of the current pass (the ETA shows "-:--" for
  its first half second). Standard output is never touched; when it is the same
  terminal, the line is erased before each write of plan text. A plan read from
  a pipe is first copied to a temporary file: progress starts after that.

Filters:
  --action LIST and --address GLOB choose which planned-change blocks
  ("Terraform will perform the following actions") are printed; each block
  printed is exactly Terraform's. Both may be repeated; LIST is
  comma-separated. A block is shown when its action is in one of the named sets
  AND its address matches one of the patterns (an option left out accepts every
  block):
    create   ["create"]             update   ["update"]
    delete   ["delete"] (or destroy) read    ["read"]
    replace  ["delete","create"], ["create","delete"], ["create","forget"],
             ["forget","create"]
    forget   ["forget"]
    no-op    ["no-op"] blocks (printed only because moved or imported)
    moved    any action, moved from another address
    import   any action, being imported
  GLOB is matched against the whole address, e.g.
  module.app["eu"].aws_s3_bucket.logs[0]:
    *    any characters within one step: not '.', '[' or ']', except inside a
         quoted index key, where it matches anything (module.a[*])
    **   any characters, across steps; "**." also matches nothing, so
         **.aws_s3_bucket.* finds the type at any depth, root included
    ?    one character * could match;  \c  the character c (\*, \?, \\)
    everything else (brackets and quotes too) is literal; case matters.
  A pattern also matches when it matches a leading part of the address that
  ends a step (before '.' or '['): "module.app" selects everything in that
  module and its instances, "aws_instance.web" all of its instances. The legend
  lists the symbols of the blocks shown; the "Plan:" line still counts the
  whole plan, and is followed by "Filtered out N of M resource blocks." The
  drift and deferred sections, outputs and actions to invoke are not filtered
  (--drift hide leaves the drift out, see Drift). An unknown action word is
  refused with the nearest suggested. When the plan has blocks but the filters
  let none through, standard error says so (a "tfstream: note:" line; exit
  status 0), naming the "**." form of a root-module pattern
  ("aws_db_instance.*") that would match blocks inside modules.

Drift:
  --drift show (the default) prints the section "Objects have changed outside
  of Terraform" as Terraform does. --drift hide prints in its place one line,
  "Note: N objects have changed outside of Terraform (not shown: --drift
  hide)", the rest unchanged; with --mode refresh-only, where the drift is
  what the plan records, it is refused. The filters never apply to drift. In
  Markdown the drift section comes last, after the planned changes, actions
  and outputs, so --max-parts leaves it out before any change; with --drift
  hide, the one line follows the headline. --summary (which lists drift only
  with --mode refresh-only) and --format json take no --drift.

Summary:
  --summary prints, instead of the blocks, one line per block that would be
  shown: Terraform's action symbol and the address (plus "(deposed object K)",
  "(moved from A)", "(will be imported)"), grouped as the legend orders them
  (create, update, delete, delete-then-create, create-then-delete, read), then
  create-then-forget, forget and last blocks shown only because moved or
  imported; input order within a group. Then a blank line and the "Plan:" line
  (even with zero counts) and, with filters, the "Filtered out" line. Output
  changes follow as Terraform lists them, "Changes to Outputs:" and one line
  per output (symbol and name); a plan that changes only outputs gets, as in
  Terraform's text, no "Plan:" line but the sentence on applying it. With
  --mode refresh-only the drift, which is what such a plan records, comes
  first: "Objects have changed outside of Terraform:", one line per object
  and Terraform's sentence, and the "Plan:" line only when blocks follow. It
  needs no schemas (a --schemas file given is still checked) and computes no
  resource diffs. With --format markdown: the bold "Plan:" line (or "Changes
  to Outputs." or, refresh-only, "Objects have changed outside of
  Terraform."), the count table, one collapsed list of addresses per action
  and one of the drift and output changes.

  --group-by module (with --summary, or --format json) arranges the shown
  blocks as a tree of module instances (module.app["eu"].module.db), in the
  order their first block comes in the plan: text prints each module's header
  with its counts, "(1 to add, 0 to change, 1 to destroy)", over the module
  and those under it, and its lines two spaces further in, the root module's
  lines first; Markdown nests a <details> per module; JSON adds a "modules"
  tree. A block nested more than 1000 modules deep is refused.

Markdown:
  --format markdown writes a pull-request comment, never coloured (--color
  always is refused): the "Plan:" line in bold (or "No changes." ...), a table
  of the shown blocks by action, then each block in a collapsed <details> whose
  summary is its symbol and Terraform's comment line, holding Terraform's text
  in a ```diff fence. Each line's action symbol is moved to column 0 (spaces
  fill its old place, so alignment is kept): diff highlighting colours "+"
  lines green and "-" lines red ("-/+" red, "+/-" green) and leaves "~", "<="
  and lines without a symbol plain. Deferred changes (before the blocks),
  actions to invoke, output changes and drift (last) each get one <details>
  section.

  --max-bytes N (at least 1024; default 65000, under GitHub's 65536-character
  limit; 0: no limit) bounds the output. Without --output-prefix the document
  goes to standard output and, if it would exceed N bytes, nothing is written
  and the exit status is 3. With --output-prefix PATH it is split into
  PATH.1.md, PATH.2.md, ... of at most N bytes each, never cutting a section; a
  part after the first starts with "_Plan continued (part K)._". A section
  larger than N on its own gets a part to itself, cut at a line boundary and
  followed by a note saying how many lines are shown (and "[Full plan](URL)"
  with --details-url URL, as every note of what was left out, the destroy
  alert's "... and K more" included). Stale parts of an earlier
  run right after the last part (PATH.N+1.md, PATH.N+2.md, ... while they
  exist) are removed, and the paths written are printed on standard output, one
  per line.

  A plan that destroys anything opens with a GitHub alert ("> [!WARNING]")
  counting the resources deleted and replaced over the whole plan (filters
  aside) and listing the first 20. --title TEXT puts "## TEXT" at the top of
  every part (several projects in one pull request). --max-parts N (with a
  --max-bytes limit) writes at most N parts: the first section that does not
  fit in part N and every section after it are left out, and part N ends with
  "_tfstream: K more sections of this plan left out (--max-parts=N)._",
  followed by "[Full plan](URL)" with --details-url URL; room for that line is
  kept. Without --output-prefix the document is one part: --max-parts 1 cuts it
  instead of exiting 3. Every part opens with a hidden marker, "<!--
  tfstream:TITLE:part N -->" (TITLE is --title; "%", "<", ">" and runs of "-"
  in it written %25, %3C, %3E, %2D), by which a bot finds the comments of an
  earlier run of the same project and edits them instead of adding more.

  Recipe: GitHub's job summary ($GITHUB_STEP_SUMMARY, 1 MiB a step):
    tfstream --schemas schemas.json --format markdown --max-bytes 1000000 \
      --max-parts 1 --details-url "$RUN_URL" plan.json \
      >> "$GITHUB_STEP_SUMMARY"
  Pull-request comments and GitLab notes updated in place (one set per
  --title, capped by --max-parts, failing when tfstream fails; only the
  token's own comments, never anyone else's): the recipes in docs/ci.md with
  ci/post_comments.py, or the GitHub Action (action.yml).

JSON:
  --format json writes one JSON document (schema in docs/reference.md and in
  schema/plan-json-1.0.schema.json; "format_version": "1.0"): flavor,
  input_shape, plan_mode, errored, has_changes (what --detailed-exitcode
  decides), counts (import, add, change, destroy, forget, invoke: the Plan:
  line's numbers; forget is OpenTofu's, 0 for Terraform; invoke Terraform's, 0
  for OpenTofu), shown_changes and filtered_out, then one entry per
  shown block in resource_changes (address, module_address, mode, type, name,
  index, provider_name, actions, action, action_reason, previous_address when
  moved, importing, deposed), every resource_drift entry that is not a plain
  no-op, and output_changes (name, actions, action, sensitive) sorted by name.
  action is the --action name whose set holds the list: create, update,
  delete, read, forget, no-op, and replace for ["delete","create"],
  ["create","delete"], ["create","forget"] and OpenTofu's ["forget","create"].
  The filters apply to resource_changes only. No schemas are needed; the
  whole plan is validated before the first byte, then entries are written as
  they are read (memory does not grow with the plan). Never coloured.

Bundle:
  --bundle writes, instead of the text, one self-contained plan document in
  the renderer shape HCP Terraform serves (plan_format_version,
  output_changes, resource_changes, resource_drift, relevant_attributes,
  deferred_changes, action_invocations, provider_format_version,
  provider_schemas). The sections are copied byte for byte; the provider
  schemas (the --schemas file's, or the plan's own) keep only the resource,
  data source and action types the plan uses; planned_values, prior_state,
  configuration and the rest are left out. Rendering the bundle without
  --schemas prints exactly what rendering PLAN does, with any options. Two
  members of tfstream's own carry what the renderer shape cannot say:
  "tfstream_flavor" (terraform or opentofu, as --flavor or its auto rule
  chose) and "tfstream_quality" (errored or no-changes: from errored and
  applyable of show -json input, or --quality given with --bundle); --quality
  auto and --flavor auto read them from a renderer-shaped plan. Show input's
  deferred changes are left out, as `terraform show` never renders them.
  Renderer-shaped input is trimmed the same way. It streams in flat memory.
  The bundle's "terraform_version" is the release whose text it was made for
  (see Releases). Every resource change's schema must be present, as for
  rendering. Takes --schemas, --quality, --flavor, --renderer-version, --jobs
  and --progress only. If the input
  turns out broken after the bundle has started, the error is reported (exit
  1) and the output lacks its closing brace.

State:
  --state renders PLAN as a state, the output of `terraform show -json` (or
  `tofu show -json`) without a planfile, exactly as `terraform show` (`tofu
  show`) prints it: each resource object's block (# ADDR:, with "(deposed
  object KEY)" or "(tainted)"), in the order show prints them, written as they
  are rendered, then the root outputs sorted by name; "The state file is
  empty. No resources are represented." for a state without them, such as
  {"format_version":"1.0"}. --schemas as for plans; --flavor, --color,
  --width, --show-sensitive and --jobs apply. --address GLOB shows only the
  resource objects it matches, without outputs (one address: the text of
  `terraform state show ADDR`, plus any deposed objects); --summary lists the
  objects and counts them, --format json lists them for machines (neither
  needs schemas). --bundle writes one state document that renders the same
  without --schemas: the state's values copied, the schemas trimmed to the
  types it uses. A plan, a schemas file or a raw terraform.tfstate given
  with --state is refused; --mode, --quality, --action, --detailed-exitcode,
  --group-by and the Markdown options are refused with it.

Environment:
  NO_COLOR, TERM (see Terminal), COLUMNS, TF_IN_AUTOMATION, TMPDIR (where a
  plan read from a pipe is spooled; default /tmp).

Exit status:
  0 success, 1 bad input (or an output file that cannot be written), 2 bad
  usage, 3 Markdown output over --max-bytes without --output-prefix.
  With --detailed-exitcode, as terraform plan -detailed-exitcode: 0 the plan
  has no changes, 2 it has, 1 an error, a bad usage or an errored plan (the
  output is still written); 3 stays 3. Changes are Terraform's (plan.Applyable): any
  resource change that is not a no-op or is moved or imported (data-source
  deletions included, though not printed), any output change that is not a
  no-op, any action to invoke. A plan that only changes outputs has changes
  (2); one that only found drift has none (0, "No changes."), except in
  --mode refresh-only, where only drift and outputs count. Filters do not
  change it. Works with every format and --summary.

Examples:
    terraform show -json plan.tfplan > plan.json
    tfstream --schemas schemas.json plan.json
    tfstream --schemas schemas.json --action delete,replace plan.json
    tfstream --schemas schemas.json --address 'module.app' plan.json
    tfstream --summary plan.json
    tfstream --summary --group-by module plan.json
    tfstream --format json plan.json | jq '.resource_changes[] | select(.action == "delete")'
    tfstream --summary --detailed-exitcode plan.json; echo $?
    tfstream --schemas schemas.json --bundle plan.json > plan.bundle.json
    tfstream plan.bundle.json
    tfstream --schemas schemas.json --format markdown --max-parts 5 --output-prefix out/plan plan.json
    terraform show -json > state.json
    tfstream --state --schemas schemas.json state.json
)HELP";
}

}  // namespace tfstream::cli
