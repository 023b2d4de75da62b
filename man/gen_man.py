#!/usr/bin/env python3
"""Writes tfstream's man page from its --help-all and --version output, so the
page can never drift from the program.

    gen_man.py TFSTREAM OUT.1

--help-all is read as: "Usage: ..." (SYNOPSIS), the paragraph after it
(DESCRIPTION), "Options:" (OPTIONS, Boost.Program_options' two columns),
then one section per "Heading:" line at column 0. In a section, lines
indented by two spaces are running text (reflowed into paragraphs); lines
indented further are kept as they are (tables, examples). No date is written,
so the page is the same on every build."""
import re
import subprocess
import sys

NAME = "render a Terraform or OpenTofu plan in JSON as the exact text it prints"


def esc(text):
    """Roff-escapes running text."""
    text = text.replace("\\", "\\e")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def option_heading(spec):
    """'-j, --jobs N' -> '\\fB\\-j\\fR, \\fB\\-\\-jobs\\fR \\fIN\\fR': bold names, italic
    argument."""
    words = spec.split()
    names, argument = [], []
    for word in words:
        if word.startswith("-") and not argument:
            names.append("\\fB" + word.rstrip(",").replace("-", "\\-") + "\\fR")
        else:
            argument.append(word)
    text = ", ".join(names)
    if argument:
        text += " \\fI" + esc(" ".join(argument)) + "\\fR"
    return text


def version_lines(version):
    """--version's first line ("tfstream 0.1.0") and, from the lines after it
    ("reproduces, --flavor terraform: REF"), one sentence each for
    DESCRIPTION."""
    lines = [l.strip() for l in version.strip().split("\n") if l.strip()]
    sentences = []
    for line in lines[1:]:
        m = re.match(r"^reproduces, (--flavor \S+):\s*(.*)$", line)
        if m:
            flag = m.group(1).split()
            sentences.append("With \\fB%s %s\\fR it reproduces %s." %
                             (flag[0].replace("-", "\\-"), flag[1], esc(m.group(2))))
        else:
            sentences.append(esc(line))
    return lines[0], sentences


def parse_options(lines):
    """Boost's layout: '  --name ARG   description' then continuation lines
    indented to the description column."""
    entries = []
    for line in lines:
        if not line.strip():
            continue
        m = re.match(r"^  (-\S.*?)(?:\s{2,}(.*))?$", line)
        if m and not line.startswith("   "):
            entries.append([m.group(1).strip(), (m.group(2) or "").strip()])
        elif entries:
            entries[-1][1] += " " + line.strip()
    return entries


def section_body(lines):
    out, para, pre = [], [], False

    def flush():
        if para:
            out.append(".PP")
            out.append(esc(" ".join(para)))
            para.clear()

    for line in lines:
        if not line.strip():
            flush()
            if pre:
                out.append(".fi")
                out.append(".RE")
                pre = False
            continue
        if line.startswith("    "):
            flush()
            if not pre:
                out.append(".RS 4")
                out.append(".nf")
                pre = True
            out.append(esc(line[4:]))
        else:
            if pre:
                out.append(".fi")
                out.append(".RE")
                pre = False
            para.append(line.strip())
    flush()
    if pre:
        out.append(".fi")
        out.append(".RE")
    return out


def main():
    tfstream, target = sys.argv[1], sys.argv[2]
    help_text = subprocess.run([tfstream, "--help-all"], check=True, capture_output=True, text=True).stdout
    version = subprocess.run([tfstream, "--version"], check=True, capture_output=True, text=True).stdout
    version_title, reproduces = version_lines(version)
    lines = help_text.rstrip("\n").split("\n")

    sections = []  # (title, lines)
    for line in lines:
        m = re.match(r"^([A-Z][A-Za-z ]*):(.*)$", line)
        if m and not line.startswith(" "):
            sections.append([m.group(1), [m.group(2).strip()] if m.group(2).strip() else []])
        elif sections:
            sections[-1][1].append(line)

    out = [
        '.TH TFSTREAM 1 "" "%s" "User Commands"' % esc(version_title).replace('"', "'"),
        ".SH NAME",
        "tfstream \\- " + NAME,
    ]
    for title, body in sections:
        if title == "Usage":
            usage, rest = body[0], body[1:]
            out += [".SH SYNOPSIS", ".B " + esc(usage.split(" ", 1)[0]), esc(usage.split(" ", 1)[1])]
            out += [".SH DESCRIPTION"] + section_body([l if l.startswith(" ") else "  " + l for l in rest])
            for sentence in reproduces:
                out += [".PP", sentence]
        elif title == "Options":
            out.append(".SH OPTIONS")
            for spec, desc in parse_options(body):
                out += [".TP", option_heading(spec), esc(desc)]
        else:
            out.append(".SH " + esc(title.upper()))
            out += section_body(body)
    with open(target, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
