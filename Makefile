# Homebrew-style install: `make install` (PREFIX defaults to /usr/local).
PREFIX ?= /usr/local

.PHONY: build install uninstall test

build:
	swift build -c release --product schemalint

install: build
	install -d "$(PREFIX)/bin"
	install -m 755 .build/release/schemalint "$(PREFIX)/bin/schemalint"

uninstall:
	rm -f "$(PREFIX)/bin/schemalint"

test:
	swift test
