"""Sub-commands of the fangqi-teach command line, one module each (see cli.py)."""
