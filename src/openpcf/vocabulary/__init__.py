"""openpcf's own vocabulary: how material, activity and place names are read, normalised and compared.

One place for each, used by every package above it (search, factors, engine, the systems):

- :mod:`.names` — name normalisation, stopwords, modifiers, token overlap, query variants;
- :mod:`.tokens` — the one tokenizer (NFKC, plural stemming, CJK uni- and bigrams);
- :mod:`.spellings` — the one British ↔ American spelling table (normal form, database spelling for
  query expansion, stem folding for extraction);
- :mod:`.abbreviations` — abbreviations and trade names → database names (PE, HDPE, "styrofoam" …);
- :mod:`.common_names` — what an everyday, common, trade, regional or coded name is made of ("cling film" →
  LDPE film, "caustic soda" → sodium hydroxide, "AISI 304" → chromium steel; read by the offline mapper);
- :mod:`.cas_numbers`, :mod:`.systematic_names`, :mod:`.trade_names` — a substance's identity as suppliers
  write it: CAS Registry Numbers (check digit verified), IUPAC, Colour Index and German compound names, and
  trade-name families ("Ultramid B" → nylon 6); read through :mod:`.common_names` by the offline mapper;
- :mod:`.material_words` — the one word table of recycling (recycled, scrap, secondary, cullet …) with
  the pattern each reader builds from it, and the packaging words;
- :mod:`.product_forms` — nouns that name a finished product by its form (garments, furniture, devices,
  machine elements, containers, prepared foods; read by offline triage);
- :mod:`.specification_words` — the grade, purity, colour, supply-form, standard, code and pack words of
  a buyer's material name, which do not change what is bought ("injection grade", "99.5 %", "natural",
  "pellets", "EN 10025"; read by offline triage);
- :mod:`.geography` — the one geography parser (country names and codes, Europe/EU, GLO; *RoW* is
  read as the world, see the module).

**Not used by the PCFBench scorer, on purpose.** :mod:`openpcf.pcfbench.metrics` and
:mod:`openpcf.pcfbench.component_matching` keep their own normalisers, spellings and synonym tables: a
system must not grade itself with its own rules. If the scorer used this vocabulary, a change here that
helps the system (a new spelling, a new synonym) would silently make the benchmark more lenient toward
it. Do not import :mod:`openpcf.vocabulary` from :mod:`openpcf.pcfbench` scoring code, and do not
"deduplicate" the scorer's tables into this package.
"""
