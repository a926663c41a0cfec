#!/bin/sh
# Regenerates prefs-tui.1 from the help text the program prints, with the argument parser's
# manual generator (the GenerateManual plugin). Run from the package folder after changing any
# command's help; ManualPageTests fails until the page is current. The generator drops
# characters outside ASCII, so help text is plain ASCII.
set -e
swift package plugin generate-manual --date "$(date -u +%Y-%m-%d)"
cp .build/plugins/GenerateManual/outputs/prefs-tui/prefs-tui.1 Sources/prefs-tui/Manual/prefs-tui.1
# Help text marks commands with Markdown's backticks, which a man page would show as they are:
# they become bold there (ManualPageTests reads the help the same way).
sed -i -E 's/`([^`]*)`/\\fB\1\\fR/g' Sources/prefs-tui/Manual/prefs-tui.1
