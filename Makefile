# tfstream: build, run and test.  `make help` lists the targets.
# The build itself is CMake (CMakeLists.txt); this file only drives it.

SHELL        := /bin/bash
.DEFAULT_GOAL := build

JOBS       ?= 2
BUILD_DIR  ?= build
ASAN_DIR   ?= build-asan
CMAKE      ?= cmake
CTEST      ?= ctest
# Extra arguments for `make run`, e.g. make run RUN_ARGS=--no-color
RUN_ARGS   ?=
# Substring of case names for `make conformance`, e.g. make conformance FILTER=hand-
FILTER     ?=
# TOFU=1: `make conformance`, `known-failures`, `sync-corpus`, `verify-corpus` work on
# the OpenTofu corpus (../shared/conformance-tofu) instead of Terraform's.
TOFU       ?=
# Where `make install` puts bin/tfstream and share/man/man1/tfstream.1 (DESTDIR is honoured).
PREFIX     ?= /usr/local

DEB_PACKAGES := cmake g++ make pkg-config libyajl-dev libmimalloc-dev \
                libboost-program-options-dev catch2 xz-utils python3 yajl-tools
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
# `cmake --build` starts its own make: keep this make's flags (-j, -s, jobserver) out of it.
SUBMAKE := env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL

EXAMPLE_PLAN := examples/example-plan.json
RUNNER       := $(BUILD_DIR)/tests/conformance_runner
CASES        := $(BUILD_DIR)/conformance$(if $(TOFU),-tofu)/cases
KNOWN        := tests/conformance/known_failures$(if $(TOFU),_tofu).txt
SYNC_FLAGS   := $(if $(TOFU),--tofu)

.PHONY: help deps build run test test-sanitize install conformance known-failures sync-corpus verify-corpus clean

help:
	@echo "make deps            install missing Debian build packages (apt-get)"
	@echo "make build           configure $(BUILD_DIR)/ (Release) and build (-j$(JOBS))"
	@echo "make run             build, then render $(EXAMPLE_PLAN)"
	@echo "make test            build, run unit + conformance tests, then make test-sanitize"
	@echo "make test-sanitize   Debug ASan+UBSan build in $(ASAN_DIR)/ and its tests"
	@echo "make install         build, then install tfstream and its man page under PREFIX=$(PREFIX)"
	@echo "make conformance     run the corpus once, saving failing outputs [FILTER=substr] [TOFU=1]"
	@echo "make known-failures  rewrite the known-failures list from the current failures [TOFU=1]"
	@echo "make sync-corpus     re-pack the corpus archive from ../shared/conformance [TOFU=1: -tofu]"
	@echo "make verify-corpus   check the corpus archive against ../shared/conformance [TOFU=1: -tofu]"
	@echo "make clean           remove $(BUILD_DIR)/ and $(ASAN_DIR)/"

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
  /^[0-9]+ passed, [0-9]+ failed/ {print "   " t " -> " $$0}' $(1)/Testing/Temporary/LastTest.log

test: build
	@echo "== ctest $(BUILD_DIR)/ (Release)"
	@$(CTEST) --test-dir $(BUILD_DIR) --output-on-failure
	@echo "== conformance summary (Release)"
	@$(call conformance_summary,$(BUILD_DIR))
	@$(MAKE) --no-print-directory test-sanitize

test-sanitize: deps
	@echo "== configure $(ASAN_DIR)/ (Debug, ASan+UBSan)"
	@$(CMAKE) -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug -DTFSTREAM_SANITIZE=ON -DTFSTREAM_TESTS=ON --log-level=WARNING
	@echo "== build $(ASAN_DIR)/ (-j$(JOBS))"
	@$(SUBMAKE) $(CMAKE) --build $(ASAN_DIR) -j $(JOBS)
	@echo "== ctest $(ASAN_DIR)/ (Debug, ASan+UBSan)"
	@$(CTEST) --test-dir $(ASAN_DIR) --output-on-failure

install: build
	@echo "== install into $(DESTDIR)$(PREFIX)"
	@$(CMAKE) --install $(BUILD_DIR) --prefix $(PREFIX)

conformance: build
	@rm -rf $(BUILD_DIR)/conformance-failures
	./$(RUNNER) ./$(BUILD_DIR)/tfstream $(CASES) --known-failures $(KNOWN) \
	  --save-failures $(BUILD_DIR)/conformance-failures $(if $(FILTER),--filter $(FILTER))

known-failures: build
	@./$(RUNNER) ./$(BUILD_DIR)/tfstream $(CASES) --write-failures $(KNOWN) | tail -n 3; true

sync-corpus:
	bash tests/conformance/sync.sh $(SYNC_FLAGS)

verify-corpus:
	bash tests/conformance/sync.sh $(SYNC_FLAGS) --verify

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR)

# --- fuzzing (fuzz/, see fuzz/README.md) -----------------------------------------
# libFuzzer targets built with clang (ASan+UBSan) in $(FUZZ_DIR)/; `make fuzz`
# runs each for FUZZ_TIME seconds from the seeds (fuzz/seeds/ plus a sample of
# the conformance corpus) and keeps what it finds in $(FUZZ_DIR)/corpus/ and
# $(FUZZ_DIR)/artifacts/ (crash-*, timeout-*, oom-*: reproduce with
# ./$(FUZZ_DIR)/<target> <file>).
FUZZ_DIR     ?= build-fuzz
FUZZ_TIME    ?= 60
FUZZ_TARGETS ?= pre_scan json_parser render
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
	@mkdir -p $(FUZZ_DIR)/artifacts
	@status=0; for t in $(FUZZ_TARGETS); do \
	  echo "== fuzz $$t for $(FUZZ_TIME) s"; \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  ./$(FUZZ_DIR)/$${t}_fuzzer $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/seeds/$$t \
	    -dict=fuzz/json.dict -max_total_time=$(FUZZ_TIME) $(FUZZ_FLAGS) \
	    -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- >$(FUZZ_DIR)/$$t.log 2>&1 \
	    || { status=1; echo "fuzz $$t: FAILED, see $(FUZZ_DIR)/$$t.log and $(FUZZ_DIR)/artifacts/"; \
	         grep -m 5 -E 'ERROR|invariant|SUMMARY' $(FUZZ_DIR)/$$t.log; }; \
	  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' $(FUZZ_DIR)/$$t.log | sed 's/^/   /'; \
	done; exit $$status
# --- end fuzzing -------------------------------------------------------------------
