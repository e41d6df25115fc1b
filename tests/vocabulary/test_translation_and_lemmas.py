"""Languages and lemmas: the words a resolver compares (invented names, general vocabulary)."""

from openpcf.vocabulary.names import lemma, lemma_words, singular, with_joins
from openpcf.vocabulary.translation import translate


def test_singular_and_uk_us_spelling_fold_to_one_lemma():
    assert [singular(w) for w in ("tomatoes", "batteries", "boxes", "alloys", "nails", "glass", "asbestos")] == [
        "tomato", "battery", "box", "alloy", "nail", "glass", "asbestos"]
    assert [singular(w) for w in ("shoes", "canoes", "toes", "snowshoes", "potatoes", "mangoes")] == [
        "shoe", "canoe", "toe", "snowshoe", "potato", "mango"]
    assert lemma("aluminum") == lemma("aluminium") == "aluminium"
    assert lemma("fibres") == lemma("fiber") == "fiber"
    assert lemma("yoghurt") == lemma("yogurt") == "yogurt"
    assert lemma("fertiliser") == "fertilizer" and lemma("galvanised") == "galvanized"


def test_hyphens_break_words_and_joins_bridge_compounds():
    assert lemma_words("Chick-peas") == ["chick", "pea"]
    assert "chickpea" in with_joins(lemma_words("chick-peas"))
    assert lemma_words("Bœuf") == ["boeuf"]


def test_common_material_names_in_four_languages():
    assert translate("Stahl") == "steel"
    assert translate("acier") == translate("acciaio") == translate("acero") == "steel"
    assert translate("farine de blé") == "wheat flour"
    assert translate("hormigón") == "concrete"
    assert translate("viande de bœuf") == "beef"


def test_german_compounds_split_into_two_known_words():
    assert translate("Stahlschrott") == "steel scrap"
    assert translate("Weizenmehl") == "wheat flour"  # weizen + mehl
    assert translate("polypropylene film") == "polypropylene film"  # English passes unchanged


def test_english_name_reorders_romance_names_and_ignores_english_ones() -> None:
    from openpcf.vocabulary.translation import english_name

    assert english_name("Ossido di zinco") == "zinc oxide"
    assert english_name("Nitrato de potasio") == "potassium nitrate"
    assert english_name("Kupfer") == "copper"
    assert english_name("copper wire") is None
    assert english_name("milk carton") is None  # "carton" is also English


def test_mineral_and_trade_names_expand_to_the_compound() -> None:
    from openpcf.search.query import expand_abbreviations

    assert expand_abbreviations("Barite powder 4.2 SG") == ["barium sulfate, barite"]
    assert expand_abbreviations("Makrolon sheet") == ["polycarbonate"]


def test_iupac_spelling_folds_sulph_inside_words_and_keeps_case() -> None:
    from openpcf.vocabulary.spellings import iupac_spelling

    assert iupac_spelling("Zinc sulphate") == "Zinc sulfate"
    assert iupac_spelling("disulphide") == "disulfide"
    assert iupac_spelling("SULPHURIC ACID") == "SULFURIC ACID"
    assert iupac_spelling("sulfate") == "sulfate"
