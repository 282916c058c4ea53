#!/bin/sh
# The picture on the docs page "Editing variant files" (docs/_static/editing-lsp.png):
# Neovim's own LSP client talking to `nbmj lsp` in an xterm under Xvfb, with the
# diagnostics of thursday.nbv and, after three seconds, the hover on its [NB-12.11].
# Needs: xvfb xterm neovim imagemagick fonts-dejavu-core fonts-wqy-zenhei (Debian), and
# `nbmj` (with the lsp extra) on the PATH. Run from this directory.
set -e
Xvfb :57 -screen 0 1380x560x24 & xvfb=$!
sleep 1.5
DISPLAY=:57 xterm -fa "DejaVu Sans Mono" -fd "WenQuanYi Zen Hei Mono" -fs 11 -geometry 160x26+0+0 \
    -bg "#1e1e1e" -fg "#d4d4d4" -e nvim -u init.lua thursday.nbv & term=$!
sleep 7
DISPLAY=:57 import -window root raw.png
kill $term $xvfb
convert raw.png -crop 1240x400+0+0 +repage -strip ../../docs/_static/editing-lsp.png
rm raw.png
