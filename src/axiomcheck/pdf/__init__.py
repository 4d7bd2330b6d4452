"""PDF adapters: the only code that imports PDF libraries (PDFium, pikepdf) and Pillow.

Each module talks to one library and returns the typed model (`axiomcheck.model`): words
with boxes and fonts, page geometry, fonts, metadata and link targets, rendered pages. This
package exports nothing itself, so importing `axiomcheck.pdf` (or `pdf.prechecks`, which
reads bytes with no library) never loads PDFium by accident: the batch parent process must
stay free of PDF libraries. Names are imported from the module that defines them
(`pdf.source.PdfSource`).
"""
