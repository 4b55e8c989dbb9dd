"""What the benchmark scripts share: building the workspace's binaries with
cargo and finding where cargo put them."""

import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build(packages, release):
    """Builds `packages` (debug or release) and returns the directory holding
    their binaries and libraries (CARGO_TARGET_DIR or .cargo/config.toml may
    move it)."""
    command = ["cargo", "build", "--quiet"]
    for package in packages:
        command += ["-p", package]
    if release:
        command.append("--release")
    subprocess.run(command, cwd=ROOT, check=True)
    target = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--no-deps", "--format-version=1"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout
    )["target_directory"]
    return os.path.join(target, "release" if release else "debug")
