# Homebrew-style install: `make install` (PREFIX defaults to /usr/local).
PREFIX ?= /usr/local

.PHONY: build install uninstall test version

# On Linux the Swift runtime and Foundation are linked in (as the Homebrew formula and the artifact bundle do): the
# binary starts in about 4 ms instead of 7, a third of a small app's whole run.
SWIFT_BUILD_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

build:
	swift build -c release --product schemalint $(SWIFT_BUILD_FLAGS)

install: build
	install -d "$(PREFIX)/bin"
	install -m 755 .build/release/schemalint "$(PREFIX)/bin/schemalint"

uninstall:
	rm -f "$(PREFIX)/bin/schemalint"

test:
	swift test

# The SwiftPM artifact bundle (a prebuilt binary for plugins and CI): .build/artifactbundle/schemalint.artifactbundle.zip
# and its checksum. CONFIGURATION=debug packs a debug build (quicker; for tests).
CONFIGURATION ?= release

.PHONY: artifactbundle plugins-package
artifactbundle:
	python3 scripts/make-artifactbundle.py --configuration $(CONFIGURATION)

# The plugins package around that bundle, in .build/SchemaLintPlugins: add it to an app with .package(path:).
plugins-package: artifactbundle
	python3 scripts/make-plugins-package.py .build/SchemaLintPlugins \
		--bundle .build/artifactbundle/schemalint.artifactbundle.zip

version:
	@scripts/version.sh
