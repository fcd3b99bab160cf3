"""The importers: other tools' output into cryptometer result documents, one module per tool.

Each importer module names itself and provides the same four things:

- ``NAME``, ``HELP`` and ``DESCRIPTION``: the format as ``cryptometer import``
  offers it;
- ``build(raw, path, table)``: the result document (a dict) of one input's
  bytes, judged with the AES score table where the tool printed AES figures;
  it raises common.NotRecognised when the input is not that tool's output;
- ``summary(doc, path, target)``: the lines ``import`` prints for it.

FORMATS, the registry, lists them in the order ``import --help`` shows.  Add
a tool by adding a module and its line here (docs/analysis.md, "Importers").
"""

from . import cryptsetup, opensslspeed, sbcbench

FORMATS = {module.NAME: module for module in (sbcbench, opensslspeed, cryptsetup)}
