#!/usr/bin/env python3
"""Checks the links of the documents a reader follows (`make lint`).

- README.md, BENCHMARKS.md, CHANGELOG.md (read on a forge, as Markdown):
  a relative link must name a file or directory of the repository, and an
  anchor (`file.md#section`, `#section`) a heading of that file, as GitHub
  makes its anchors.
- The guide (runtime/src/guide/*.md, read in rustdoc): a link is an
  intra-doc path (`crate::...`, checked by `cargo doc` with `-D warnings`),
  an anchor of the same page, or an absolute URL; a relative file link would
  be broken in rustdoc, so it is an error.

Absolute URLs are not fetched (CI may have no network). Exits 1 and lists
every broken link, with its file and line.
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FORGE_DOCS = ["README.md", "BENCHMARKS.md", "CHANGELOG.md"]
GUIDE = os.path.join("runtime", "src", "guide")

# [text](target) (not images' sources, which are checked the same way) and
# reference definitions `[name]: target`.
INLINE = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+(?:\([^()]*\))?)(?:\s+\"[^\"]*\")?\)")
DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+(\S+)")


def prose_lines(path):
    """(line number, line) of the lines outside fenced code blocks."""
    in_fence = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fence = re.match(r"^\s*(`{3,}|~{3,})", line)
            if fence:
                marker = fence.group(1)
                if in_fence is None:
                    in_fence = marker
                elif marker.startswith(in_fence[0]) and len(marker) >= len(in_fence):
                    in_fence = None
                continue
            if not in_fence:
                yield number, line


def anchors(path):
    """GitHub's anchors for the headings of a Markdown file."""
    result = set()
    seen = {}
    for _, line in prose_lines(path):
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not heading:
            continue
        text = heading.group(1).lower()
        text = re.sub(r"[^\w\- ]", "", text)
        slug = text.replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        result.add(slug if n == 0 else f"{slug}-{n}")
    return result


def links(path):
    """(line number, target) of every link outside code."""
    for number, line in prose_lines(path):
        text = re.sub(r"`[^`]*`", "", line)  # code spans hold no links
        for match in INLINE.finditer(text):
            yield number, match.group(1)
        definition = DEFINITION.match(text)
        if definition:
            yield number, definition.group(1)


def is_url(target):
    return re.match(r"^[a-z][a-z0-9+.-]*:", target) is not None and "::" not in target


def check_forge_doc(name, errors):
    path = os.path.join(ROOT, name)
    own = anchors(path)
    for number, target in links(path):
        if is_url(target):
            continue
        file_part, _, anchor = target.partition("#")
        if not file_part:
            if anchor not in own:
                errors.append(f"{name}:{number}: no heading for the anchor '#{anchor}'")
            continue
        resolved = os.path.normpath(os.path.join(ROOT, os.path.dirname(name), file_part))
        if not os.path.exists(resolved):
            errors.append(f"{name}:{number}: '{file_part}' does not exist")
            continue
        if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
            errors.append(f"{name}:{number}: '{file_part}' has no heading for '#{anchor}'")


def check_guide_page(name, errors):
    path = os.path.join(ROOT, name)
    own = anchors(path)
    for number, target in links(path):
        if is_url(target) or target.startswith("crate::"):
            continue
        if target.startswith("#"):
            if target[1:] not in own:
                errors.append(f"{name}:{number}: no heading for the anchor '{target}'")
            continue
        errors.append(
            f"{name}:{number}: '{target}' is a relative link, broken in rustdoc: "
            "link an item or page with an intra-doc path (`crate::guide::passes`), "
            "or an absolute URL"
        )


def main():
    errors = []
    for name in FORGE_DOCS:
        check_forge_doc(name, errors)
    for page in sorted(os.listdir(os.path.join(ROOT, GUIDE))):
        if page.endswith(".md"):
            check_guide_page(os.path.join(GUIDE, page), errors)
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"check-links: {len(errors)} broken link(s)", file=sys.stderr)
        return 1
    print("check-links: every link of README, BENCHMARKS, CHANGELOG and the guide resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
