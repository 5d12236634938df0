# The two commands of the README:
#   make run    install what is missing, build, and show the bundled example
#   make test   install what is missing and run the whole test suite
# CI runs `make test` with CI=true (see .ci/run): there a missing component
# fails the run instead of skipping a test.

SHELL   := /bin/bash
export PATH := $(PATH):/usr/local/go/bin
GO      ?= go
EXAMPLE ?= examples/ring4/ring4.fvm
BIN     := bin

.PHONY: run tour realfabric test build deps-build deps-test vet fmt-check clean

# With a display, open the viewer on the example; without one, say so and
# draw a snapshot with EGL instead.
SNAPSHOT ?= $(BIN)/ring4.png
run: deps-build build
	@$(BIN)/fabnet check $(EXAMPLE)
	@$(MAKE) --no-print-directory tour
	@if [ -n "$$DISPLAY" ] && { ! command -v xdpyinfo >/dev/null || xdpyinfo >/dev/null 2>&1; }; then \
		echo "opening the viewer on $(EXAMPLE) (DISPLAY=$$DISPLAY)"; \
		$(BIN)/fabviz $(EXAMPLE); \
	else \
		echo "no working display (DISPLAY='$$DISPLAY'): drawing a snapshot instead"; \
		$(BIN)/fabviz snapshot $(EXAMPLE) -o $(SNAPSHOT) && echo "wrote $(SNAPSHOT)"; \
	fi

# The case studies (the Cplant paper's two and one on ibsim), drawn into docs/img/ by their
# scripts (examples/badcable, sixjobs, realfabric; see README "Three case studies").
tour: deps-build build
	@echo "The case studies (README, 'Three case studies'):"
	$(BIN)/fabviz run examples/badcable/badcable.fvcmd
	@echo "  a failing cable: docs/img/badcable.png - the one cable with yellow (thousands of bad packets) at both ends"
	$(BIN)/fabviz run examples/sixjobs/sixjobs.fvcmd
	@echo "  a stalled job: docs/img/sixjobs-*.png; job 3 (black at step 10) is 3 times slower than alone:"
	@cat examples/sixjobs/progress.txt
	$(BIN)/fabviz run examples/realfabric/realfabric.fvcmd
	@echo "  a bad cable on a live (ibsim) fabric: docs/img/realfabric-errors.png (make realfabric collects anew)"

# The third study: collect from the vendored fat tree running in ibsim while
# ibsim's console makes one cable bad, then draw it (needs ibsim, opensm).
realfabric: deps-test build
	examples/realfabric/run.sh
	$(BIN)/fabviz run examples/realfabric/realfabric.fvcmd

build:
	@mkdir -p $(BIN)
	CGO_ENABLED=0 $(GO) build -o $(BIN)/fabnet ./cmd/fabnet
	$(GO) build -o $(BIN)/fabviz ./cmd/fabviz

test: deps-test fmt-check vet
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/fabnet
	$(GO) test -count=1 ./...

deps-build:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh test

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

clean:
	rm -rf $(BIN)
