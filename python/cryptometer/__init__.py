"""cryptometer: the Python analysis layer of the cryptometer benchmark.

The C core measures and writes result documents (JSON); this package reads
them and other tools' output: importers (``import sbc-bench``), the AES
score-per-MHz inference, and later comparisons, collections, plots and
reports.  Run it as ``python -m cryptometer SUBCOMMAND`` (see __main__).
"""

__version__ = "0.1.0"
