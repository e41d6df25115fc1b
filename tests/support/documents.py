"""Test documents made in the tests: PDFs from two producers (reportlab, headless Chromium), an ILCD+EPD
XML and an openEPD JSON. Every product, company and number here is invented for the tests."""

from __future__ import annotations

import base64
import io
import subprocess
import tempfile
import zlib
from pathlib import Path

# ---------------------------------------------------------------- the report (extraction)

REPORT_P1 = [
    "Life cycle study of the Nordvik timber window",
    "This study covers one timber window of 1.2 m by 1.4 m made at the Nordvik plant.",
    "The insulated glazing unit weighs 18.5 kg per window.",
    "The frame and sash are made of pine from certified forests.",
]
REPORT_P2_LEFT = [
    "Materials of the outer frame",
    "The outer frame is clad to protect the timber",
    "from rain and sun over the service life of the",
    "window, which the study takes as sixty years.",
    "Aluminium cladding on the outer frame adds",
    "2.4 kg of aluminium per window to the product.",
    "The cladding profiles are extruded and powder",
    "coated by a supplier near the plant.",
    "The kiln dries the sawn timber using electri-",
    "city from the regional grid before planing.",
    "Offcuts from planing are burnt on site for heat.",
]
REPORT_P2_RIGHT = [
    "Energy use in the assembly line",
    "The assembly line glues, clamps and sands the",
    "frames, then fits the glazing unit and the",
    "hardware before the window is wrapped in film.",
    "The assembly line uses 35 kWh of electricity",
    "per window in total, measured over one year.",
    "Compressed air accounts for a third of it,",
    "mostly for the clamping presses and sanders.",
    "Lighting and ventilation are counted as part of",
    "the building and are not included in the figure.",
    "The line runs two shifts on five days a week.",
]
REPORT_TABLE = [
    ("Material", "Mass (kg)", "Share (%)"),
    ("Pine timber", "22.0", "55.0"),
    ("Glass", "14.0", "35.0"),
    ("Aluminium", "4.0", "10.0"),
]
REPORT_P5 = [
    "Heat for drying",
    "Kiln drying needs 0.9 GJ of heat per cubic metre of sawn timber.",
    "The heat comes from the boiler that burns the offcuts.",
]


def _png(width: int = 120, height: int = 80) -> bytes:
    from PIL import Image

    img = Image.new("RGB", (width, height), (200, 60, 40))
    for x in range(width):
        img.putpixel((x, x * height // width), (20, 20, 20))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def report_pdf_reportlab(path: Path) -> Path:
    """Five pages: prose; two columns; a table; an image only; prose."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    c.setTitle("Nordvik window study")
    _, height = A4

    def lines(x: float, y: float, texts: list[str], size: int = 11) -> None:
        c.setFont("Helvetica", size)
        for i, t in enumerate(texts):
            c.drawString(x, y - i * 15, t)

    lines(60, height - 80, REPORT_P1)
    c.showPage()
    lines(50, height - 80, REPORT_P2_LEFT, 10)
    lines(310, height - 80, REPORT_P2_RIGHT, 10)
    c.showPage()
    c.setFont("Helvetica", 11)
    c.drawString(60, height - 60, "Bill of materials of one window")
    for r, row in enumerate(REPORT_TABLE):
        for x, cell in zip((60, 250, 380), row, strict=True):
            c.drawString(x, height - 100 - r * 18, cell)
    c.showPage()
    c.drawImage(ImageReader(io.BytesIO(_png())), 100, 300, width=360, height=240)
    c.showPage()
    lines(60, height - 80, REPORT_P5)
    c.showPage()
    c.save()
    return path


def report_html() -> str:
    png = base64.b64encode(_png()).decode()
    rows = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in REPORT_TABLE)
    left = " ".join(REPORT_P2_LEFT[1:]).replace("electri- city", "electricity")
    right = " ".join(REPORT_P2_RIGHT[1:])
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>Nordvik window study</title><style>
@page {{ size: A4; margin: 20mm; }}
body {{ font-family: sans-serif; font-size: 11pt; }}
section {{ break-after: page; }}
.cols {{ column-count: 2; column-gap: 14mm; }}
td {{ padding: 2px 24px 2px 0; }}
</style></head><body>
<section><h1>{REPORT_P1[0]}</h1>{''.join(f'<p>{t}</p>' for t in REPORT_P1[1:])}</section>
<section class="cols"><p>{left} {left}</p><p>{right} {right}</p></section>
<section><p>Bill of materials of one window</p><table>{rows}</table></section>
<section><img src="data:image/png;base64,{png}" width="480" height="320"></section>
<section><h2>{REPORT_P5[0]}</h2>{''.join(f'<p>{t}</p>' for t in REPORT_P5[1:])}</section>
</body></html>"""


# ---------------------------------------------------------------- the EPD (reportlab and Chromium)

EPD_FIELDS = [
    ("Programme operator", "Example EPD Programme"),
    ("Registration number", "EPD-EX-2024-0042"),
    ("Date of issue", "2024-03-01"),
    ("Valid until", "2029-02-28"),
    ("PCR", "EN 15804:2012+A2:2019, Example c-PCR for concrete v1.0"),
    ("Declared unit", "1 m3 of ready-mixed concrete"),
    ("Reference service life", "50 years"),
    ("Place of production", "Norway"),
]
EPD_COMPOSITION = [("Cement", "14.0 %"), ("Aggregates", "78.0 %"), ("Water", "7.5 %"), ("Admixtures", "0.5 %")]
EPD_MODULES = ["A1-A3", "A4", "A5", "C1", "C2", "C3", "C4", "D"]
EPD_RESULTS = [
    ("GWP-total", ["4.12E+02", "1.52E+01", "3.10E+00", "2.00E+00", "4.50E+00", "1.20E+00", "3.00E-01", "-1.80E+01"]),
    ("GWP-fossil", ["4.05E+02", "1.50E+01", "3.00E+00", "2.00E+00", "4.40E+00", "1.10E+00", "3.00E-01", "-1.75E+01"]),
    ("GWP-biogenic", ["2.00E+00", "1.00E-02", "5.00E-02", "MND", "MND", "0.00E+00", "0.00E+00", "-2.00E-01"]),
    ("GWP-luluc", ["5.00E+00", "2.00E-01", "5.00E-02", "1.00E-03", "4.00E-02", "1.00E-02", "2.00E-03", "-3.00E-01"]),
]


def epd_pdf_reportlab(path: Path) -> Path:
    """Page 1: title, fields, composition; page 2: the results table and a summary sentence."""
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=landscape(A4))
    _, height = landscape(A4)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(50, height - 50, "Environmental Product Declaration")
    c.setFont("Helvetica", 12)
    c.drawString(50, height - 75, "Product name: Fjordbetong C30/37 ready-mixed concrete")
    y = height - 110
    for label, value in EPD_FIELDS:
        c.drawString(50, y, label)
        c.drawString(260, y, value)
        y -= 18
    y -= 20
    c.drawString(50, y, "Product composition")
    y -= 20
    c.drawString(50, y, "Material")
    c.drawString(260, y, "Share")
    for name, share in EPD_COMPOSITION:
        y -= 18
        c.drawString(50, y, name)
        c.drawString(260, y, share)
    c.showPage()
    c.setFont("Helvetica", 10)
    c.drawString(50, height - 50, "LCA results per 1 m3 of concrete (EN 15804+A2)")
    xs = [50, 150, 230] + [300 + 60 * i for i in range(1, len(EPD_MODULES))]
    header = ["Indicator", "Unit", *EPD_MODULES]
    for x, cell in zip(xs, header, strict=True):
        c.drawString(x, height - 80, cell)
    for r, (indicator, values) in enumerate(EPD_RESULTS, start=1):
        for x, cell in zip(xs, [indicator, "kg CO2 eq.", *values], strict=True):
            c.drawString(x, height - 80 - 18 * r, cell)
    c.drawString(50, height - 200, "Summary: A1-A3 GWP-total 412 kg CO2e per 1 m3 of concrete.")
    c.showPage()
    c.save()
    return path


#: The Chromium EPD states A1, A2 and A3 apart, with decimal commas, and the composition in kg.
EPD2_MODULES = ["A1", "A2", "A3", "A4", "C3", "D"]
EPD2_RESULTS = [
    ("Global warming potential - total", ["350,0", "12,5", "49,5", "15,2", "1,2", "-18,0"]),
    ("Global warming potential - fossil", ["345,0", "12,4", "47,6", "15,0", "1,1", "-17,5"]),
]
EPD2_COMPOSITION = [("Cement", "330 kg"), ("Aggregates", "1850 kg"), ("Water", "175 kg"), ("Admixtures", "3,5 kg")]


def epd_html() -> str:
    fields = [("Product name", "Fjordbetong C30/37 ready-mixed concrete"),
              *[(k, v.replace("1 m3", "1 m³")) for k, v in EPD_FIELDS]]
    info = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in fields)
    comp = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in EPD2_COMPOSITION)
    head = "".join(f"<th>{m}</th>" for m in ["Indicator", "Unit", *EPD2_MODULES])
    rows = "".join("<tr><td>" + ind + "</td><td>kg CO₂ eq.</td>" + "".join(f"<td>{v}</td>" for v in vals) + "</tr>"
                   for ind, vals in EPD2_RESULTS)
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
@page {{ size: A4 landscape; margin: 15mm; }} body {{ font-family: sans-serif; font-size: 10pt; }}
section {{ break-after: page; }} td, th {{ padding: 2px 18px 2px 0; text-align: left; }}
</style></head><body>
<section><h1>Environmental Product Declaration</h1><table>{info}</table>
<h2>Content declaration</h2><table><tr><th>Material</th><th>Mass per m³</th></tr>{comp}</table></section>
<section><h2>Results of the LCA</h2><table><tr>{head}</tr>{rows}</table></section>
</body></html>"""


# ---------------------------------------------------------------- Chromium


def print_pdf(chromium: str, html: str, out: Path) -> Path:
    """Print ``html`` to ``out`` with headless Chromium (offline: a file URL, no network)."""
    from tests.support.browser import CHROMIUM_FLAGS

    with tempfile.TemporaryDirectory(prefix="openpcf-print-") as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={tmp}/profile", "--no-pdf-header-footer",
             f"--print-to-pdf={out}", page.as_uri()],
            check=True, timeout=120, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
    if not out.is_file() or out.stat().st_size == 0:
        raise RuntimeError(f"chromium wrote no PDF to {out}")
    return out


# ---------------------------------------------------------------- bad PDFs, written by hand


def raw_pdf(objects: list[bytes], root: int = 1) -> bytes:
    """A PDF file from object bodies (object k+1 = objects[k]) with a correct cross-reference table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for k, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root {root} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def page_tree_bomb(levels: int = 7, fan_out: int = 10, declared: int = 1) -> bytes:
    """A page tree whose every node lists the node below it ``fan_out`` times: fan_out**levels pages from
    ``levels + 3`` objects, with a ``/Count`` that lies."""
    # 1 catalog, 2 .. levels+1 Pages nodes (2 = root), levels+2 the page, levels+3 its content
    objs: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    page_obj = levels + 2
    for depth in range(levels):
        me = depth + 2
        child = me + 1 if depth < levels - 1 else page_obj
        kids = " ".join([f"{child} 0 R"] * fan_out)
        parent = f" /Parent {me - 1} 0 R" if depth else ""
        objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {declared}{parent} >>".encode())
    content = b"BT /F1 12 Tf 72 720 Td (bomb) Tj ET"
    objs.append(f"<< /Type /Page /Parent {levels + 1} 0 R /MediaBox [0 0 612 792] /Contents {page_obj + 1} 0 R "
                "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>".encode())
    objs.append(f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream")
    return raw_pdf(objs)


def decompression_bomb(decompressed_mb: int = 200) -> bytes:
    """One page whose content stream inflates to ``decompressed_mb`` MB of blanks (~1000:1)."""
    comp = zlib.compressobj(9)
    chunk = b" " * (1 << 20)
    data = b"".join(comp.compress(chunk) for _ in range(decompressed_mb)) + comp.flush()
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
        f"<< /Length {len(data)} /Filter /FlateDecode >>\nstream\n".encode() + data + b"\nendstream",
    ]
    return raw_pdf(objs)


def many_pages_pdf(path: Path, pages: int) -> Path:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path))
    for n in range(1, pages + 1):
        c.setFont("Helvetica", 12)
        c.drawString(72, 720, f"Sheet {n} of the long annex: item {n * 7} weighs {n}.5 kg.")
        c.showPage()
    c.save()
    return path
