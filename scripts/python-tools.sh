#!/usr/bin/env bash
# Sourced by the scripts that need Python tools from PyPI (check-jsonschema, zizmor, pre-commit): installs them once
# into a virtual environment that every such script in a CI run shares, and sets $tools to its bin folder.
# SCHEMALINT_TOOLS_VENV names the environment (default: .build/python-tools in the checkout).
tools_venv=${SCHEMALINT_TOOLS_VENV:-"$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.build/python-tools"}
if [ ! -x "$tools_venv/bin/zizmor" ] || [ ! -x "$tools_venv/bin/check-jsonschema" ] \
  || [ ! -x "$tools_venv/bin/pre-commit" ]; then
  python3 -m venv "$tools_venv"
  "$tools_venv/bin/pip" install --quiet --disable-pip-version-check check-jsonschema zizmor pre-commit
fi
tools="$tools_venv/bin"
