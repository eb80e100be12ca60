#!/usr/bin/env python3
"""Packs schemalint into an SwiftPM artifact bundle (SE-0305, info.json schemaVersion 1.0), zipped, with the
checksum a `.binaryTarget(url:checksum:)` needs.

    scripts/make-artifactbundle.py                         # build this machine's binary (release) and pack it
    scripts/make-artifactbundle.py --configuration debug   # the same from a debug build (tests)
    scripts/make-artifactbundle.py --binary arm64-apple-macosx,x86_64-apple-macosx=dist/macos/schemalint \\
        --binary x86_64-unknown-linux-gnu=dist/linux-x86_64/schemalint \\
        --binary aarch64-unknown-linux-gnu=dist/linux-aarch64/schemalint   # the release: binaries built elsewhere

Writes OUTPUT/schemalint.artifactbundle.zip and OUTPUT/schemalint.artifactbundle.zip.sha256 (default OUTPUT:
.build/artifactbundle). The zip is byte-identical for identical binaries: sorted entries, fixed dates and modes.
"""
import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "schemalint"
BUNDLE = NAME + ".artifactbundle"


def version():
    return subprocess.run([os.path.join(REPO, "scripts", "version.sh")], check=True, capture_output=True,
                          text=True).stdout.strip()


def host_triples(configuration):
    info = json.loads(subprocess.run(["swift", "-print-target-info"], check=True, capture_output=True,
                                     text=True).stdout)
    triple = info["target"]["unversionedTriple"]
    if platform.system() == "Darwin" and configuration == "release":
        # A release build on macOS is universal; the triples Swift uses on Apple silicon and Intel Macs.
        return ["arm64-apple-macosx", "x86_64-apple-macosx"]
    return [triple]


def build(configuration, output):
    """Builds this machine's binary. Release: universal on macOS, the Swift runtime linked in on Linux (so the
    binary runs where no Swift toolchain is installed)."""
    flags = ["--package-path", REPO, "-c", configuration]
    if configuration == "release":
        flags += ["--arch", "arm64", "--arch", "x86_64"] if platform.system() == "Darwin" else [
            "--static-swift-stdlib"]
    subprocess.run(["swift", "build", *flags, "--product", NAME], check=True, stdout=sys.stderr)
    folder = subprocess.run(["swift", "build", *flags, "--show-bin-path"], check=True, capture_output=True,
                            text=True).stdout.strip()
    binary = os.path.join(folder, NAME)
    if configuration == "release" and platform.system() == "Linux" and shutil.which("strip"):
        # The static Swift runtime carries its symbol tables: 127 MB unstripped, 75 MB stripped.
        stripped = os.path.join(output, "stripped", NAME)
        os.makedirs(os.path.dirname(stripped), exist_ok=True)
        shutil.copyfile(binary, stripped)
        subprocess.run(["strip", stripped], check=True)
        os.chmod(stripped, 0o755)
        return stripped
    return binary


def variant_folder(triples, release):
    """`schemalint-0.1.0-macos`, `schemalint-0.1.0-linux-x86_64`."""
    if all("apple" in triple for triple in triples):
        return f"{NAME}-{release}-macos"
    arch, _, rest = triples[0].partition("-")
    system = rest.split("-")[1] if "-" in rest else rest
    return f"{NAME}-{release}-{system}-{arch}"


def pack(binaries, output):
    release = version()
    staging = os.path.join(output, BUNDLE)
    shutil.rmtree(staging, ignore_errors=True)
    variants = []
    for triples, binary in binaries:
        if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
            sys.exit(f"make-artifactbundle: {binary} is not an executable file")
        folder = variant_folder(triples, release)
        target = os.path.join(staging, folder, "bin", NAME)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(binary, target)
        os.chmod(target, 0o755)
        variants.append({"path": f"{folder}/bin/{NAME}", "supportedTriples": sorted(triples)})
    info = {
        "schemaVersion": "1.0",
        "artifacts": {NAME: {"version": release, "type": "executable",
                             "variants": sorted(variants, key=lambda v: v["path"])}},
    }
    with open(os.path.join(staging, "info.json"), "w") as file:
        json.dump(info, file, indent=2, sort_keys=True)
        file.write("\n")

    archive = os.path.join(output, BUNDLE + ".zip")
    entries = []
    for folder, directories, files in os.walk(staging):
        directories.sort()
        relative = os.path.relpath(folder, output)
        entries.append((relative + "/", None))
        entries += [(os.path.join(relative, name), os.path.join(folder, name)) for name in sorted(files)]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zip_file:
        for name, path in sorted(entries):
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.create_system = 3  # Unix, so the modes below are honoured by unzip and SwiftPM
            if path is None:
                entry.external_attr = (0o40755 << 16) | 0x10
                zip_file.writestr(entry, b"")
            else:
                mode = 0o100755 if os.access(path, os.X_OK) else 0o100644
                entry.external_attr = mode << 16
                entry.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as file:
                    zip_file.writestr(entry, file.read())
    digest = hashlib.sha256(open(archive, "rb").read()).hexdigest()
    with open(archive + ".sha256", "w") as file:
        file.write(digest + "\n")
    print(archive)
    print(f"checksum {digest}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--configuration", choices=["release", "debug"], default="release")
    parser.add_argument("--binary", action="append", default=[], metavar="TRIPLE[,TRIPLE]=PATH",
                        help="a prebuilt binary and the target triples it runs on (repeatable)")
    parser.add_argument("--output", default=os.path.join(REPO, ".build", "artifactbundle"))
    arguments = parser.parse_args()
    binaries = []
    for item in arguments.binary:
        triples, separator, path = item.partition("=")
        if not separator or not triples or not path:
            parser.error(f"--binary {item}: expected TRIPLE[,TRIPLE]=PATH")
        binaries.append((triples.split(","), os.path.abspath(path)))
    os.makedirs(arguments.output, exist_ok=True)
    if not binaries:
        binaries = [(host_triples(arguments.configuration), build(arguments.configuration, arguments.output))]
    pack(binaries, os.path.abspath(arguments.output))


if __name__ == "__main__":
    main()
