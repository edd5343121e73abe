"""`python -m mahjong_fast`: the `mahjong-fast` command."""

import sys

from mahjong_fast.cli import main

sys.exit(main())
