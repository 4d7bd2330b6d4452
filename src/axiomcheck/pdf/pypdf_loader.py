"""pypdf, imported without its AES provider, which is loaded for the first encrypted file.

pypdf decrypts AES (the encryption `qpdf --encrypt "" owner 256` and most tools write, often
with an empty user password, so that the file opens without one) only through a crypto
library; axiomcheck depends on `cryptography` for it. pypdf imports that library as it is
imported itself, about 5 ms of processor time and 10 MB in every process that reads a PDF's
objects, though few papers are encrypted. So pypdf is imported here with the crypto
libraries hidden (it then takes its pure-Python provider, which reads RC4 and unencrypted
files), and `enable_aes` hands it the `cryptography` provider the first time a file is
encrypted. A missing `cryptography` is our installation's fault, never the paper's: it
raises ImportError naming it, which `verdicts.classify` turns into AX999.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

_HIDDEN = ("cryptography", "Crypto")
"""The crypto libraries pypdf would import with itself: `cryptography`, then PyCryptodome."""
_PROVIDED = ("CryptAES", "CryptRC4", "aes_cbc_decrypt", "aes_cbc_encrypt", "aes_ecb_decrypt", "aes_ecb_encrypt",
             "rc4_decrypt", "rc4_encrypt")
"""What pypdf's encryption module takes from its crypto provider (pypdf 7)."""
_PROVIDER = "pypdf._crypt_providers._cryptography"


def load_pypdf() -> ModuleType:
    """pypdf, imported (on first use) without a crypto library."""
    loaded = sys.modules.get("pypdf")
    if loaded is not None:
        return loaded
    hidden = [name for name in _HIDDEN if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # an import of it raises ImportError
    try:
        return importlib.import_module("pypdf")
    finally:
        for name in hidden:
            del sys.modules[name]


def aes_enabled() -> bool:
    """Whether pypdf decrypts AES in this process."""
    encryption = sys.modules.get("pypdf._encryption")
    provider = sys.modules.get(_PROVIDER)
    return encryption is not None and provider is not None and \
        getattr(encryption, "CryptAES", None) is getattr(provider, "CryptAES", None)


def enable_aes() -> None:
    """Give pypdf the `cryptography` provider (once per process); raises ImportError naming
    `cryptography` when it is not installed."""
    load_pypdf()
    if aes_enabled():
        return
    provider = importlib.import_module(_PROVIDER)  # ImportError(name="cryptography") when it is missing
    encryption = importlib.import_module("pypdf._encryption")
    for name in _PROVIDED:
        setattr(encryption, name, getattr(provider, name))
