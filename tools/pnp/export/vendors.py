"""What each export target asks of the files: pixel sizes, bleed, safe zone, products.

Figures are from each vendor's own file guide, named in `GUIDES` (and in the README's
release section). All sizes are at 300 dpi; a safe margin is measured inward from the
trim, so a check can compare it with a face drawn in points.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render.units import PT_PER_IN

DPI = 300
TARGETS = ("tts", "tgc", "mpc", "dtc")


@dataclass(frozen=True, slots=True)
class Guide:
    """A vendor's published file guide: its title and where it is published."""

    vendor: str
    title: str
    where: str


@dataclass(frozen=True, slots=True)
class Product:
    """One printed product of a vendor: its trim (inches), the bleed its files carry on
    each side (pixels at 300 dpi) and its safe zone (pixels in from the image's edge)."""

    name: str
    kind: str  # "card", "chit" (a punch-out piece) or "board"
    width_in: float
    height_in: float
    bleed_px: float
    safe_px: float
    shape: str = "box"  # or "round" (a circle chit)

    @property
    def pixels(self) -> tuple[int, int]:
        """The image's size with its bleed, in pixels."""
        return (
            round(self.width_in * DPI + 2 * self.bleed_px),
            round(self.height_in * DPI + 2 * self.bleed_px),
        )

    @property
    def bleed(self) -> float:
        """The bleed its files carry on each side, in points."""
        return self.bleed_px / DPI * PT_PER_IN

    @property
    def safe_inside_trim(self) -> float:
        """The safe margin inside the trim, in points."""
        return (self.safe_px - self.bleed_px) / DPI * PT_PER_IN


GUIDES = {
    "tts": Guide(
        "Tabletop Simulator",
        "Custom Deck, Custom Tile, Custom Token and Custom PDF (Tabletop Simulator "
        "Knowledge Base, Custom Content) and the Save File Format page",
        "https://kb.tabletopsimulator.com/custom-content/custom-deck/",
    ),
    "tgc": Guide(
        "The Game Crafter",
        "Poker Deck and chit product pages, with their templates ('Make' catalogue)",
        "https://www.thegamecrafter.com/make/products/PokerDeck",
    ),
    "mpc": Guide(
        "MakePlayingCards",
        "Custom Game Cards (63 x 88mm) with its image size and bleed guide",
        "https://www.makeplayingcards.com/design/custom-blank-card.html",
    ),
    "dtc": Guide(
        "DriveThruCards",
        "DriveThruCards Card File Setup (Premium and Standard cards: 300 dpi, 1/8 in bleed, "
        "CMYK at most 240% total ink, PDF/X-1a:2003, fronts and backs in order)",
        "https://www.drivethrucards.com/pub_info.php (Publisher Guides: Card Printing)",
    ),
}

# Each vendor's products that a game's pieces may be made as, nearest size first chosen.
PRODUCTS: dict[str, tuple[Product, ...]] = {
    "tgc": (
        Product("Poker Card", "card", 2.5, 3.5, 37.5, 75),
        Product("Bridge Card", "card", 2.25, 3.5, 37.5, 75),
        Product("Mini Card", "card", 1.75, 2.5, 37.5, 75),
        Product("Tarot Card", "card", 2.75, 4.75, 37.5, 75),
        Product("Jumbo Card", "card", 3.5, 5.5, 37.5, 75),
        Product("Square Card", "card", 3.5, 3.5, 37.5, 75),
        Product("Large Circle Chit", "chit", 1.0, 1.0, 37.5, 75, "round"),
        Product("Medium Circle Chit", "chit", 0.75, 0.75, 37.5, 75, "round"),
        Product("Small Circle Chit", "chit", 0.5, 0.5, 37.5, 75, "round"),
        Product("Large Square Chit", "chit", 1.0, 1.0, 37.5, 75),
        Product("Medium Square Chit", "chit", 0.75, 0.75, 37.5, 75),
        Product("Small Square Chit", "chit", 0.5, 0.5, 37.5, 75),
    ),
    "mpc": (Product("Poker Card", "card", 2.5, 3.5, 36, 72),),
    "dtc": (Product("Poker Card", "card", 2.5, 3.5, 37.5, 75),),
}

# How far a piece's size may be from a product's and still be made as it (a share).
TOLERANCE = 0.06


def safe_margin(target: str) -> float:
    """The vendor's safe margin inside a card's trim, in points (TTS prints nothing: 0)."""
    products = PRODUCTS.get(target)
    return products[0].safe_inside_trim if products else 0.0


def nearest(
    target: str, kind: str, width: float, height: float, shape: str = "box"
) -> Product | None:
    """The vendor's product of this kind whose trim is nearest to `width` x `height` (points,
    either way round), or None when none is within TOLERANCE of it."""
    best: tuple[float, Product] | None = None
    for p in PRODUCTS.get(target, ()):
        if p.kind != kind or (kind == "chit" and p.shape != shape):
            continue
        pw, ph = p.width_in * PT_PER_IN, p.height_in * PT_PER_IN
        w, h = (width, height) if (width <= height) == (pw <= ph) else (height, width)
        off = max(abs(w - pw) / pw, abs(h - ph) / ph)
        if off <= TOLERANCE and (best is None or off < best[0]):
            best = (off, p)
    return best[1] if best else None
