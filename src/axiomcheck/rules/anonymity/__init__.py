"""The anonymity rules, one module per subject, side by side:

- `author_block`: the anonymous author block of a submission, the named block of a camera-ready;
- `contact`: e-mail addresses, ORCID iDs and phone numbers;
- `acknowledgments`: visible acknowledgments, funding statements and grant numbers;
- `wording`: self-references and what is left over from anonymization;
- `links`: links to the authors' own accounts and pages;
- `metadata`: document information, XMP, figures' paths and authors;
- `known_authors`: the organizers' author list in the paper;
- `institutions`: the authors' institution named in the text.

They read the model and share only helpers (`rules._text` for searching the text,
`rules._names` for person names, `_identity` for what names a person in metadata,
`_placeholders` for what the templates print in place of an identity).
"""
