# tfstream: build, run and test.  `make help` lists the targets.
# The build itself is CMake (CMakeLists.txt); this file only drives it.

SHELL        := /bin/bash
.DEFAULT_GOAL := build

JOBS       ?= 2
BUILD_DIR  ?= build
ASAN_DIR   ?= build-asan
STATIC_DIR ?= build-static
# Allocator of the static binary: auto (mimalloc from Debian's source package,
# glibc's malloc when the sources cannot be fetched), mimalloc (fail instead),
# or glibc.
STATIC_ALLOCATOR ?= auto
CMAKE      ?= cmake
CTEST      ?= ctest
# Extra arguments for `make run`, e.g. make run RUN_ARGS=--no-color
RUN_ARGS   ?=
# Substring of case names for `make conformance`, e.g. make conformance FILTER=hand-
FILTER     ?=
# TOFU=1: `make conformance`, `known-failures`, `sync-corpus`, `verify-corpus` work on
# the OpenTofu corpus (../shared/conformance-tofu) instead of Terraform's; STATE=1
# on the state corpus (../shared/conformance-state, --state, both flavours); VERSIONS=1 on
# the older releases' corpora (../shared/conformance-versions, every folder in one run).
TOFU       ?=
STATE      ?=
VERSIONS   ?=
# Where `make install` puts bin/tfstream and share/man/man1/tfstream.1 (DESTDIR is honoured).
PREFIX     ?= /usr/local

DEB_PACKAGES := cmake g++ make pkg-config libyajl-dev libmimalloc-dev \
                libboost-program-options-dev catch2 xz-utils python3 yajl-tools \
                gh curl openssl libdeflate-dev zlib1g-dev
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
# `cmake --build` starts its own make: keep this make's flags (-j, -s, jobserver) out of it.
SUBMAKE := env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL

EXAMPLE_PLAN := examples/example-plan.json
RUNNER       := $(BUILD_DIR)/tests/conformance_runner
CASES        := $(if $(VERSIONS),$(BUILD_DIR)/conformance-versions,$(BUILD_DIR)/conformance$(if $(TOFU),-tofu)$(if $(STATE),-state)/cases)
KNOWN        := tests/conformance/known_failures$(if $(VERSIONS),_versions,$(if $(TOFU),_tofu)$(if $(STATE),_state)).txt
# The newest corpora's args say --renderer-version=latest themselves; the state
# corpus's do not (its cases were printed by the newest state renderers).
LATEST_ARG   := $(if $(STATE),--arg --renderer-version=latest)
SYNC_FLAGS   := $(if $(VERSIONS),--versions,$(if $(TOFU),--tofu)$(if $(STATE),--state))

.PHONY: help deps build run test check test-sanitize static test-static install conformance known-failures sync-corpus verify-corpus clean

help:
	@echo "make deps            install missing Debian build packages (apt-get)"
	@echo "make build           configure $(BUILD_DIR)/ (Release) and build (-j$(JOBS))"
	@echo "make run             build, then render $(EXAMPLE_PLAN)"
	@echo "make test            build, then every ctest suite in $(BUILD_DIR)/ (unit, conformance, cli, ...), -j$(JOBS)"
	@echo "make check           make test-sanitize, make test-static, then make fuzz [FUZZ_SKIP=1] [FUZZ_DEADLINE=epoch-s]"
	@echo "make browser-deps    install chromium, chromium-driver, python3-selenium (the browser tests)"
	@echo "make test-browser-big the HTML report of a BROWSER_BIG_SIZE=$(BROWSER_BIG_SIZE) plan and a state in Chromium"
	@echo "make test-sanitize   Debug ASan+UBSan build in $(ASAN_DIR)/ and its tests"
	@echo "make static          fully static $(STATIC_DIR)/tfstream (glibc, mimalloc, ...) [STATIC_ALLOCATOR=auto|mimalloc|glibc]"
	@echo "make test-static     make static, then its checks: no shared library, conformance, robustness, cli"
	@echo "make install         install what make build built (tfstream, its man page) under PREFIX=$(PREFIX); never builds"
	@echo "make conformance     run the corpus once, saving failing outputs [FILTER=substr] [TOFU=1|VERSIONS=1]"
	@echo "make known-failures  rewrite the known-failures list from the current failures [TOFU=1|VERSIONS=1]"
	@echo "make sync-corpus     re-pack the corpus archive from ../shared/conformance [TOFU=1: -tofu, VERSIONS=1: -versions]"
	@echo "make verify-corpus   check the corpus archive against ../shared/conformance [TOFU=1: -tofu, VERSIONS=1: -versions]"
	@echo "make clean           remove $(BUILD_DIR)/, $(ASAN_DIR)/ and $(STATIC_DIR)/"

deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then \
	  echo "deps: all build packages installed"; \
	else \
	  echo "deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	@echo "== configure $(BUILD_DIR)/ (Release)"
	@$(CMAKE) -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DTFSTREAM_TESTS=ON --log-level=WARNING
	@echo "== build $(BUILD_DIR)/ (-j$(JOBS))"
	@$(SUBMAKE) $(CMAKE) --build $(BUILD_DIR) -j $(JOBS)

run: build
	@echo "== $(strip ./$(BUILD_DIR)/tfstream $(RUN_ARGS) $(EXAMPLE_PLAN))"
	@./$(BUILD_DIR)/tfstream $(RUN_ARGS) $(EXAMPLE_PLAN)

# Prints each conformance test's closing line from ctest's log ($(1): build dir).
conformance_summary = awk '/^[0-9]+\/[0-9]+ Testing: / {t = $$3} \
  /^folder / {print "   " t "   " $$0} \
  /^[0-9]+ passed, [0-9]+ failed/ {print "   " t " -> " $$0}' $(1)/Testing/Temporary/LastTest.log

# The quick suite a contributor runs many times a day: the Release build and
# every ctest test in it (all corpora, file and stdin), JOBS at a time. The
# slow builds (ASan+UBSan, fully static, fuzzing) are `make check`'s.
test: build
	@echo "== ctest $(BUILD_DIR)/ (Release, -j$(JOBS))"
	@$(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)
	@echo "== conformance summary (Release)"
	@$(call conformance_summary,$(BUILD_DIR))

# The long checks, run by CI after `make test`: the sanitizer build and its
# suites, the static binary and its suites, then fuzzing. FUZZ_SKIP=1 leaves
# fuzzing out; FUZZ_DEADLINE (seconds since the epoch) skips it when that time
# has passed by then (.ci/run's budget); FUZZ_EXPECTED_S, what fuzzing is
# expected to take (clang install, its build, the runs), is printed with the
# time it should end by.
check:
	@start=$$(date +%s); $(MAKE) --no-print-directory test-sanitize; status=$$?; \
	  echo "check: test-sanitize took $$(( $$(date +%s) - start )) s"; exit $$status
	@start=$$(date +%s); $(MAKE) --no-print-directory test-static; status=$$?; \
	  echo "check: test-static took $$(( $$(date +%s) - start )) s"; exit $$status
	@if [ "$(FUZZ_SKIP)" = 1 ]; then \
	  echo "check: fuzzing skipped (FUZZ_SKIP=1)"; \
	elif [ -n "$(FUZZ_DEADLINE)" ] && [ "$$(date +%s)" -ge "$(FUZZ_DEADLINE)" ]; then \
	  echo "check: fuzzing skipped: past its start deadline" \
	       "$$(date -u -d @$(FUZZ_DEADLINE) +%H:%M:%S) UTC (FUZZ_DEADLINE=$(FUZZ_DEADLINE))"; \
	else \
	  if [ -n "$(FUZZ_EXPECTED_S)" ]; then \
	    echo "check: fuzzing expected to take at most $(FUZZ_EXPECTED_S) s, ending by about" \
	         "$$(date -u -d @$$(( $$(date +%s) + $(FUZZ_EXPECTED_S) )) +%H:%M:%S) UTC"; \
	  fi; \
	  start=$$(date +%s); $(MAKE) --no-print-directory fuzz; status=$$?; \
	  echo "check: fuzz took $$(( $$(date +%s) - start )) s"; exit $$status; \
	fi

test-sanitize: deps
	@echo "== configure $(ASAN_DIR)/ (Debug, ASan+UBSan)"
	@$(CMAKE) -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug -DTFSTREAM_SANITIZE=ON -DTFSTREAM_TESTS=ON --log-level=WARNING
	@echo "== build $(ASAN_DIR)/ (-j$(JOBS))"
	@$(SUBMAKE) $(CMAKE) --build $(ASAN_DIR) -j $(JOBS)
	@echo "== ctest $(ASAN_DIR)/ (Debug, ASan+UBSan)"
	@$(CTEST) --test-dir $(ASAN_DIR) --output-on-failure -j $(JOBS)

# --- the fully static binary (README "One static binary") ---------------------------
# $(STATIC_DIR)/tfstream links yajl, Boost.Program_options, libstdc++, glibc and
# mimalloc into one file (CMake option TFSTREAM_STATIC). Debian ships no
# mimalloc archive, so mimalloc is compiled from Debian's source package:
# `apt-get source mimalloc` into $(STATIC_DIR)/mimalloc-src/, with an apt
# state of its own in $(STATIC_DIR)/apt/ (deb-src entries made from the
# machine's Debian `deb` entries), so the machine's apt configuration is
# left as it is. Fetched once; `make clean` removes it.
STATIC_PACKAGES := dpkg-dev file
MIMALLOC_SRC    := $(STATIC_DIR)/mimalloc-src
STATIC_APT      := $(abspath $(STATIC_DIR))/apt
STATIC_APT_OPTS  = -o Dir::Etc::SourceList=$(STATIC_APT)/sources.list \
                   -o Dir::Etc::SourceParts=$(STATIC_APT)/sources.list.d \
                   -o Dir::State::Lists=$(STATIC_APT)/lists -o Dir::Cache=$(STATIC_APT)/cache \
                   -o APT::Sandbox::User=$(shell id -un) -qq

.PHONY: static-deps static-mimalloc

static-deps: deps
	@missing=""; \
	for p in $(STATIC_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "static-deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# Leaves $(MIMALLOC_SRC)/mimalloc/ (the unpacked source package), or nothing
# when it cannot be fetched and STATIC_ALLOCATOR is auto.
static-mimalloc: static-deps
	@if [ "$(STATIC_ALLOCATOR)" = glibc ] || [ -f $(MIMALLOC_SRC)/mimalloc/src/static.c ]; then exit 0; fi; \
	echo "== apt-get source mimalloc into $(MIMALLOC_SRC)/"; \
	debian_deb_entries() { apt-get indextargets --format '$$(REPO_URI) $$(RELEASE) $$(COMPONENT)' \
	                         'Origin: Debian' 'Target-Of: deb' | sort -u; }; \
	entries=$$(debian_deb_entries); \
	if [ -z "$$entries" ]; then $(SUDO) apt-get update -qq && entries=$$(debian_deb_entries); fi; \
	keyring=/usr/share/keyrings/debian-archive-keyring.gpg; \
	signed_by=$$([ -f $$keyring ] && echo "[signed-by=$$keyring] "); \
	rm -rf $(STATIC_APT) $(MIMALLOC_SRC) && \
	mkdir -p $(STATIC_APT)/lists/partial $(STATIC_APT)/cache/archives/partial $(STATIC_APT)/sources.list.d \
	         $(MIMALLOC_SRC) && \
	awk -v s="$$signed_by" 'NF == 3 {print "deb-src " s $$1, $$2, $$3}' <<<"$$entries" >$(STATIC_APT)/sources.list; \
	if [ -s $(STATIC_APT)/sources.list ] && \
	   { apt-get $(STATIC_APT_OPTS) update && \
	     (cd $(MIMALLOC_SRC) && apt-get $(STATIC_APT_OPTS) source mimalloc); } >$(STATIC_APT)/fetch.log 2>&1; then \
	  mv $(MIMALLOC_SRC)/mimalloc-*/ $(MIMALLOC_SRC)/mimalloc && \
	  echo "   $$(head -1 $(MIMALLOC_SRC)/mimalloc/debian/changelog)"; \
	else \
	  tail -n 5 $(STATIC_APT)/fetch.log 2>/dev/null; rm -rf $(MIMALLOC_SRC); \
	  echo "make static: could not fetch Debian's mimalloc sources with the deb-src entries in" \
	       "$(STATIC_APT)/sources.list (log: $(STATIC_APT)/fetch.log)"; \
	  if [ "$(STATIC_ALLOCATOR)" = mimalloc ]; then exit 1; fi; \
	  echo "make static: WARNING: the static binary falls back to glibc's malloc instead of mimalloc"; \
	fi

static: static-mimalloc
	@echo "== configure $(STATIC_DIR)/ (Release, fully static)"
	@src=$$([ -f $(MIMALLOC_SRC)/mimalloc/src/static.c ] && [ "$(STATIC_ALLOCATOR)" != glibc ] && \
	        echo $(abspath $(MIMALLOC_SRC))/mimalloc); \
	$(CMAKE) -S . -B $(STATIC_DIR) -DCMAKE_BUILD_TYPE=Release -DTFSTREAM_STATIC=ON -DTFSTREAM_TESTS=ON \
	  -DTFSTREAM_MIMALLOC_SOURCE_DIR=$$src --log-level=WARNING
	@echo "== build $(STATIC_DIR)/ (-j$(JOBS))"
	@$(SUBMAKE) $(CMAKE) --build $(STATIC_DIR) -j $(JOBS)
	@echo "== $(STATIC_DIR)/tfstream: $$(file -b $(STATIC_DIR)/tfstream | cut -d, -f1-4), allocator" \
	  "$$(sed -n 's/^TFSTREAM_MIMALLOC_SOURCE_DIR:PATH=..*/mimalloc/p' $(STATIC_DIR)/CMakeCache.txt | grep . || echo "glibc malloc")"

# The static tree has no unit tests (same tfstream_core as $(BUILD_DIR)/); every
# test that runs the binary runs the static one, plus tests/cli/static.sh.
test-static: static
	@echo "== ctest $(STATIC_DIR)/ (fully static)"
	@$(CTEST) --test-dir $(STATIC_DIR) --output-on-failure -j $(JOBS)
	@echo "== conformance summary (static)"
	@$(call conformance_summary,$(STATIC_DIR))

# Installs what `make build` built, never building: `sudo make install` must not
# run the build (or apt-get, or cmake) as root in the user's tree. Copies with
# install(1) rather than `cmake --install`, which writes install_manifest.txt
# into the build tree (a root-owned file there under sudo).
INSTALL     ?= install
install:
	@if [ ! -x $(BUILD_DIR)/tfstream ] || [ ! -f $(BUILD_DIR)/tfstream.1 ]; then \
	  echo "make install: nothing built in $(BUILD_DIR)/ (no tfstream or tfstream.1): run 'make build' first," \
	       "as yourself, then 'sudo make install' (install never builds)" >&2; \
	  exit 1; \
	fi
	@echo "== install $(BUILD_DIR)/tfstream and tfstream.1 into $(DESTDIR)$(PREFIX)"
	@$(INSTALL) -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1"
	@$(INSTALL) -m 755 $(BUILD_DIR)/tfstream "$(DESTDIR)$(PREFIX)/bin/tfstream"
	@$(INSTALL) -m 644 $(BUILD_DIR)/tfstream.1 "$(DESTDIR)$(PREFIX)/share/man/man1/tfstream.1"

conformance: build
	@rm -rf $(BUILD_DIR)/conformance-failures
	./$(RUNNER) ./$(BUILD_DIR)/tfstream $(CASES) $(LATEST_ARG) --known-failures $(KNOWN) \
	  --save-failures $(BUILD_DIR)/conformance-failures $(if $(FILTER),--filter $(FILTER))

known-failures: build
	@./$(RUNNER) ./$(BUILD_DIR)/tfstream $(CASES) $(LATEST_ARG) --write-failures $(KNOWN) | tail -n 3; true

sync-corpus:
	bash tests/conformance/sync.sh $(SYNC_FLAGS)

verify-corpus:
	bash tests/conformance/sync.sh $(SYNC_FLAGS) --verify

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(STATIC_DIR)

# --- fuzzing (fuzz/, see fuzz/README.md) -----------------------------------------
# libFuzzer targets built with clang (ASan+UBSan) in $(FUZZ_DIR)/; `make fuzz`
# runs each for FUZZ_TIME seconds from the seeds (fuzz/seeds/ plus a sample of
# the conformance corpus) and keeps what it finds in $(FUZZ_DIR)/corpus/ and
# $(FUZZ_DIR)/artifacts/ (crash-*, timeout-*, oom-*: reproduce with
# ./$(FUZZ_DIR)/<target> <file>).
FUZZ_DIR     ?= build-fuzz
FUZZ_TIME    ?= 60
FUZZ_SKIP    ?=
FUZZ_DEADLINE ?=
FUZZ_EXPECTED_S ?=
FUZZ_TARGETS ?= pre_scan json_parser render compare
# Targets fuzzed at once: each libFuzzer run is one process on one core, and a
# run lasts FUZZ_TIME s of wall-clock time, so 2 (CI's cores) halve the step.
FUZZ_JOBS    ?= 2
FUZZ_FLAGS   ?= -max_len=65536 -timeout=30 -rss_limit_mb=4096 -print_final_stats=1
FUZZ_PACKAGES := clang libclang-rt-dev

.PHONY: fuzz fuzz-build fuzz-deps

fuzz-deps: deps
	@missing=""; \
	for p in $(FUZZ_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "fuzz-deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

fuzz-build: fuzz-deps
	@echo "== configure $(FUZZ_DIR)/ (clang, libFuzzer, ASan+UBSan)"
	@$(CMAKE) -S fuzz -B $(FUZZ_DIR) -DCMAKE_CXX_COMPILER=clang++ --log-level=WARNING
	@echo "== build $(FUZZ_DIR)/ (-j$(JOBS))"
	@$(SUBMAKE) $(CMAKE) --build $(FUZZ_DIR) -j $(JOBS)

fuzz: fuzz-build
	@test -d $(CASES) || $(MAKE) --no-print-directory build
	@bash fuzz/make_seeds.sh $(FUZZ_DIR)/seeds $(CASES)
	@mkdir -p $(FUZZ_DIR)/artifacts && rm -f $(FUZZ_DIR)/*.status
	@echo "== fuzz $(FUZZ_TARGETS): $(FUZZ_TIME) s each, $(FUZZ_JOBS) at a time"
	@for t in $(FUZZ_TARGETS); do echo $$t; done | xargs -P $(FUZZ_JOBS) -I{} bash -c ' \
	  t={}; mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  ./$(FUZZ_DIR)/$${t}_fuzzer $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/seeds/$$t \
	    -dict=fuzz/json.dict -max_total_time=$(FUZZ_TIME) $(FUZZ_FLAGS) \
	    -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- >$(FUZZ_DIR)/$$t.log 2>&1; \
	  echo $$? >$(FUZZ_DIR)/$$t.status'
	@status=0; for t in $(FUZZ_TARGETS); do \
	  echo "== fuzz $$t"; \
	  if [ "$$(cat $(FUZZ_DIR)/$$t.status 2>/dev/null)" != 0 ]; then \
	    status=1; echo "fuzz $$t: FAILED, see $(FUZZ_DIR)/$$t.log and $(FUZZ_DIR)/artifacts/"; \
	    grep -m 5 -E 'ERROR|invariant|SUMMARY' $(FUZZ_DIR)/$$t.log; \
	  fi; \
	  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' $(FUZZ_DIR)/$$t.log | sed 's/^/   /'; \
	done; exit $$status
# --- end fuzzing -------------------------------------------------------------------

# --- the HTML report in a browser (tests/browser/, see tests/browser/README.md) -----------
# browser-deps installs Debian's chromium, chromium-driver and python3-selenium, which the
# browser_report tests of `make test` need (they fail, saying so, when these are missing;
# TFSTREAM_SKIP_BROWSER=1 skips them). test-browser-big renders a BROWSER_BIG_SIZE plan
# generated by perf/gen_plan, and a state, as HTML and checks the page in Chromium: ready
# within 5 s (the state 10 s), at most 10,000 elements, the last block by permalink.
BROWSER_PACKAGES := chromium chromium-driver python3-selenium
BROWSER_BIG_SIZE ?= 300M

.PHONY: browser-deps test-browser-big

browser-deps:
	@missing=""; \
	for p in $(BROWSER_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then \
	  echo "browser-deps: all browser test packages installed"; \
	else \
	  echo "browser-deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

test-browser-big: build browser-deps
	@echo "== browser: a $(BROWSER_BIG_SIZE) plan and state as HTML in Chromium"
	@bash tests/browser/run.sh big ./$(BUILD_DIR)/tfstream $(BUILD_DIR) $(BROWSER_BIG_SIZE) --state
