"""Analysis: from the raw facts a `pdf` source gives to the document model rules read.

Lines, headings, sections, front matter and template recognition are pure functions over
words and lines; `paper.AnalysedPaper` computes each on first use and caches it, and builds
the paper's text layer (`text_layer`) from what they found. Nothing here imports a PDF
library: the facts come through a `pdf.source.Source`. This package exports nothing itself:
importing one of its modules never loads another (`paper` loads PDFium), so names are
imported from the module that defines them (`analysis.paper.open_document`).
"""
