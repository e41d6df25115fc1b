"""Process energy defaults: electricity and fuel heat to turn the listed inputs into one kg of product.

A composition lists what goes *into* a product; the factory's own energy is missing from it. The engine
adds one electricity line (kWh per kg, at the grid intensity of the production region) and one heat line
(MJ of natural gas per kg) from the defaults below, chosen by a product class inferred from the name,
description and composition (or given by the user). Every value is an **estimate** (quality
``estimate``, wide spread in the Monte Carlo): an order-of-magnitude gate-to-gate figure for the
conversion step only, with its reasoning and the kind of public source it is consistent with in
``basis``. Users with metered data override them with a BOM energy row or ``--set``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class EnergyDefault:
    """Gate-to-gate energy of one conversion step, per kg of the step's **output**: the process energy of a
    product class (``key`` = the class), or one stage of a staged chain (the textile stages of
    :mod:`openpcf.engine.textile_stages`), which also states its yield and the fabrication levels it joins.

    ``input_per_output`` is kg of input per kg of output (yield losses, ≥ 1; 1 for a class default, whose
    inputs are the listed composition). The one record for the idea "energy and yield of a conversion step".
    """

    key: str
    label: str
    electricity_kwh_per_kg: float
    heat_mj_per_kg: float
    basis: str
    spread: float = 2.0
    input_per_output: float = 1.0
    input_level: int | None = None
    output_level: int | None = None

    @property
    def product_class(self) -> str:
        """The product class a class default is for (its key)."""
        return self.key


ENERGY_DEFAULTS: dict[str, EnergyDefault] = {
    d.key: d
    for d in (
        EnergyDefault(
            "metal_remelting", "Metal remelting and casting (ingots, billets, slabs)", 0.3, 4.0,
            "Gas-fired melting of scrap/primary metal plus holding and casting: a few GJ of fuel per tonne and a "
            "few hundred kWh of electricity (range of secondary-aluminium remelting in the EU BREF for the "
            "Non-Ferrous Metals Industries, JRC 2017). Estimate.",
        ),
        EnergyDefault(
            "metal_products", "Fabricated metal products (rolling, machining, assembly)", 1.5, 3.0,
            "Forming, machining, heat treatment and finishing of metal parts: around 1–2 kWh and a few MJ of heat "
            "per kg of product. Estimate.",
        ),
        EnergyDefault(
            "glass_melting", "Glass melting and forming from a raw-material batch", 0.4, 5.5,
            "Container-glass furnaces use roughly 4–7 GJ per tonne of glass, mostly natural gas, plus forming "
            "electricity (range of the EU BREF for the Manufacture of Glass, JRC 2013). Estimate.",
        ),
        EnergyDefault(
            "flat_glass_melting", "Flat (float) glass melted from a raw-material batch", 0.5, 7.0,
            "Float furnaces are larger and refine longer than container furnaces: roughly 5.5-8 GJ of fuel per "
            "tonne of glass, plus electricity for the tin bath, annealing lehr and cutting (ranges of the EU BREF "
            "for the Manufacture of Glass, JRC 2013, flat-glass sector; recalled). Estimate.",
        ),
        EnergyDefault(
            "domestic_glass", "Pressed and blown glass articles melted from a batch (drinking glasses, tumblers, "
            "glass tableware, bowls, vases, borosilicate kitchen and laboratory ware)", 1.3, 12.0,
            "Domestic (tableware) glass is melted in smaller furnaces than container glass, at lower pull rates and "
            "often with electric boosting, then pressed, blown or press-and-blown, fire-polished and annealed, with "
            "high reject rates: of the order of 8-20 GJ per tonne of glass melted for soda-lime ware, several times "
            "the 4-7 GJ/t of container glass, and more for borosilicate and crystal (EU BREF for the Manufacture "
            "of Glass, JRC 2013, domestic-glass and special-glass sectors; recalled), here 12 MJ of natural gas and "
            "1.3 kWh per kg of good ware (forming machines, fire polishing, lehrs, compressed air, electric "
            "boosting). Chosen for a glass article named by the product and backed by a glass batch (sand, soda "
            "ash, limestone, cullet); bought glass formed further stays ``glass_products``. Added for issue 14 "
            "(f8-products: a soda-lime tumbler from its batch was read as lime burning). Estimate.",
            spread=2.0,
        ),
        EnergyDefault(
            "ceramic_firing", "Ceramic tiles and tableware (milling, spray drying, drying, firing)",
            0.25, 5.5,
            "Wall and floor tiles: wet milling, spray drying (about 1-2 GJ/t), drying and kiln firing; total "
            "thermal energy about 4-7 GJ per tonne of fired product, mostly natural gas, and roughly 0.15-0.35 "
            "kWh of electricity per kg for milling, pressing and glazing lines (ranges of the EU BREF for the "
            "Ceramic Manufacturing Industry, JRC 2007, wall and floor tiles; recalled). Porcelain sits at the "
            "upper end. Estimate.",
        ),
        EnergyDefault(
            "tableware_firing", "Ceramic tableware and ornamentalware (mugs, plates, bowls: forming, drying, biscuit "
            "firing, glazing, glost firing, decoration)", 1.0, 25.0,
            "Table- and ornamentalware is fired two or three times (biscuit at about 900-1000 C, glost at about "
            "1200-1400 C for porcelain, decoration firing), often in periodic kilns with much kiln furniture per kg "
            "of ware: the EU BREF for the Ceramic Manufacturing Industry (JRC 2007) gives household ceramics a "
            "specific energy several times that of wall and floor tiles, of the order of 20-50 GJ per tonne "
            "(recalled), here 25 MJ of gas per kg, and about 1 kWh per kg for slip and body preparation, jiggering, "
            "pressing or casting, glazing and compressed air (assumption). Estimate.",
            spread=2.5,
        ),
        EnergyDefault(
            "sanitary_ceramics", "Sanitaryware of vitreous china (slip casting, long drying, firing, refiring)",
            0.5, 14.0,
            "WC pans, washbasins and cisterns are slip-cast in moulds, dried slowly and fired at about 1200-1250 C, "
            "often in intermittent (shuttle) kilns, and a share of the pieces is fired a second time: the EU BREF "
            "for the Ceramic Manufacturing Industry (JRC 2007) gives sanitaryware a specific energy use about two "
            "to three times that of floor tiles, about 10-20 GJ per tonne, and roughly 0.3-0.8 kWh of electricity "
            "per kg for slip preparation, casting and compressed air (recalled). Consistent with the published "
            "A1-A3 EPDs of sanitary ceramics (about 1.2-2.5 kg CO2e per kg; literature:ceramics:sanitary-ceramic, "
            "recalled). Estimate.",
        ),
        EnergyDefault(
            "structural_ceramics", "Bricks, roof tiles, clay blocks and pavers (shaping, drying, firing)", 0.07, 2.5,
            "Extruded or pressed clay dried and fired in tunnel kilns: about 1.5-3 GJ of fuel per tonne of fired "
            "product and a few tens of kWh of electricity per tonne (ranges of the EU BREF for the Ceramic "
            "Manufacturing Industry, JRC 2007, bricks and roof tiles; recalled). Estimate.",
        ),
        EnergyDefault(
            "lime_clinker_burning", "Lime and cement clinker burnt from limestone (kiln)", 0.05, 4.0,
            "Kiln fuel: about 3.2-7.5 GJ per tonne of quicklime and about 3-4 GJ per tonne of clinker, plus "
            "roughly 20-70 kWh per tonne for raw-meal grinding, fans and handling (EU BREF for the Production of "
            "Cement, Lime and Magnesium Oxide, JRC 2013; GCCA GNR clinker thermal energy about 3.5 GJ/t; recalled). "
            "Kilns often burn coal or petcoke: the natural-gas factor is then a lower bound. Estimate.",
        ),
        EnergyDefault(
            "glass_products", "Glass products from bought glass (cutting, tempering, laminating)", 0.8, 2.0,
            "Cutting, bending, tempering and autoclave lamination of bought flat glass. Estimate.",
        ),
        EnergyDefault(
            "plastics_compounding", "Plastic compounding and granulating", 0.5, 0.0,
            "Twin-screw compounding and extrusion use about 0.3–0.7 kWh per kg of throughput (plastics-processing "
            "energy benchmarks, e.g. R. Kent, Energy Management in Plastics Processing, 2018). Estimate.",
        ),
        EnergyDefault(
            "plastic_conversion", "Plastic conversion (film, sheet, moulding, printing)", 0.8, 1.0,
            "Film blowing / moulding around 0.5–1 kWh per kg, plus drying heat for printing. Estimate.",
        ),
        EnergyDefault(
            "chemical_formulation", "Chemical formulation by mixing (detergents, inks, greases, coatings)", 0.1, 0.5,
            "Blending, heating and filling of bought chemicals: tenths of a kWh and under 1 MJ of heat per kg. "
            "Estimate.",
        ),
        EnergyDefault(
            "chemical_synthesis", "Chemical synthesis from precursors (reaction, separation, drying)", 1.0, 8.0,
            "Reaction, separation and drying steps of basic and fine chemicals: around 1 kWh and several MJ of "
            "steam per kg. Estimate.",
        ),
        EnergyDefault(
            "fermentation", "Industrial fermentation (organic acids, amino acids, polysaccharides from sugars)",
            2.5, 25.0,
            "Aerated submerged fermentation of a sugar or starch feedstock (citric, lactic, gluconic acid; lysine, "
            "glutamate; xanthan) followed by recovery: aeration and agitation take roughly 1.5-3.5 kWh and "
            "sterilisation, evaporation, crystallisation and drying roughly 15-35 MJ of steam per kg of product "
            "(order of magnitude of the process energy in public cradle-to-gate LCAs of citric acid, lactic acid "
            "and lysine and in the EU BREF for the Manufacture of Organic Fine Chemicals, JRC 2006; recalled). "
            "Steam raised from coal makes the natural-gas heat factor a lower bound. Estimate.",
        ),
        EnergyDefault(
            "food_processing", "Food processing and preserving (cooking, canning, sterilising)", 0.15, 1.0,
            "Washing, cooking, filling and thermal sterilisation: roughly 0.1–0.2 kWh and about 1 MJ of heat per "
            "kg of product. Estimate.",
        ),
        EnergyDefault(
            "food_canning", "Food preserved in its sealed container (canned, jarred: blanching, filling, retorting)",
            0.2, 2.5,
            "Blanching or cooking, exhausting, filling, seaming and thermal sterilisation in a retort, then cooling: "
            "canneries raise roughly 0.5-1 kg of steam per kg of product for these steps and cleaning (order of "
            "magnitude in energy guides for fruit and vegetable processing, e.g. Masanet et al., Energy efficiency "
            "opportunities for the fruit and vegetable processing industry, LBNL 2008; recalled), i.e. about 1.5-3 MJ "
            "of boiler fuel per kg at a boiler efficiency near 0.85, here 2.5 MJ; about 0.2 kWh for pumps, seamers, "
            "conveyors and cooling. Chosen instead of general food processing when the food's name says canned, "
            "tinned, in jars or sterilised. The container itself is a packaging line. Estimate.",
        ),
        EnergyDefault(
            "baking", "Baked goods from bought flour (mixing, proving, baking, cooling, slicing)", 0.25, 2.0,
            "Industrial bakeries fire tunnel or rack ovens with natural gas: roughly 1.5-2.5 MJ of oven heat per kg "
            "of bread, plus about 0.2-0.3 kWh for mixing, proving, cooling, slicing and wrapping (order of magnitude "
            "of bread LCAs, e.g. Espinoza-Orias, Stichnothe & Azapagic, Int J LCA 16 (2011), and of bakery "
            "energy benchmarks; recalled), here 2.0 MJ and 0.25 kWh per kg of product. A further step: a flour "
            "factor that covers its milling does not cover the baking. Chosen instead of general food processing "
            "when the product's name names a baked good (bread, loaf, biscuits, cakes, pastry ...). Estimate.",
        ),
        EnergyDefault(
            "frying", "Fried snacks (potato crisps, tortilla and vegetable chips): washing, slicing, frying, seasoning",
            0.5, 9.0,
            "Frying drives most of the water out of the slices: about 3.5-4 kg of potatoes (about 80 % water) make 1 kg "
            "of crisps of about 2 % water and 30-35 % oil, so some 2.5 kg of water is evaporated per kg, about 5.7 MJ "
            "of latent heat (2.26 MJ per kg) plus the sensible heat of slices and oil; at a fryer and heat-exchanger "
            "efficiency of about 0.65 that is about 9 MJ of gas per kg of crisps (mass and energy balance from "
            "textbook values; engineering estimate). About 0.5 kWh per kg for peeling, slicing, washing, oil "
            "circulation, seasoning and packing (assumption). The potatoes and the oil are listed inputs. Par-fried "
            "frozen potato products (French fries, wedges, hash browns, croquettes) take the same class: they fry "
            "out less water (about 2 kg of potatoes per kg of fries) but add blanching, pre-drying and blast "
            "freezing, about 0.5-0.7 kWh and 6-10 MJ of gas per kg in all (order of magnitude of potato-processing "
            "energy benchmarks; recalled), so the crisps figures stand for both. A further step: a raw-potato or "
            "oil factor covers none of it. Estimate.",
        ),
        EnergyDefault(
            "tofu_making", "Tofu from dry soybeans (soaking, wet grinding, cooking the slurry, separating okara, "
            "coagulating, pressing, packing in water and pasteurising, chilling)", 0.4, 4.0,
            "Energy balance of the soy-milk route: about 0.4 kg of dry beans per kg of firm tofu are ground with "
            "about ten times their mass of water, so some 4 kg of slurry per kg of tofu is heated from about 15 to "
            "100 degC (4 kg x 4.0 kJ/kg/K x 85 K = 1.4 MJ) and held at the boil; open cookers and jet cookers with "
            "steam from small boilers reach about half of that as useful heat, about 3 MJ; the packed tofu is "
            "pasteurised in its water (about 0.6 MJ), so 4 MJ per kg. About 0.4 kWh per kg for grinding, okara "
            "decanting, pressing, filling and chilling (assumption). Mass and energy balance from textbook values "
            "(engineering estimate); factory-gate studies such as Mejia et al., J. Hunger Environ. Nutr. (2018) put "
            "most of the gate-to-gate burden on boiler fuel and electricity (recalled). A further step: the soybean "
            "factor covers none of it. Estimate.",
        ),
        EnergyDefault(
            "brewing", "Beer brewing (milling, mashing, wort boiling, fermentation and lagering, filtration)", 0.1, 1.3,
            "A brewery boils the wort (about an hour), heats the mash and cleans in place, and cools fermentation and "
            "lagering: European brewery benchmarks are about 100-150 MJ of heat and 8-12 kWh of electricity per "
            "hectolitre of beer (Brewers of Europe / BIER benchmarking summaries; recalled), i.e. about 1.0-1.5 MJ "
            "and 0.1 kWh per kg. Packaging (bottling, kegging) is not included. Estimate.",
        ),
        EnergyDefault(
            "sugar_confectionery", "Sugar confectionery (gums and jellies, boiled sweets, toffees, marshmallows, "
            "marzipan: dissolving, cooking the syrup, depositing or forming, stoving or cooling, wrapping)", 0.4, 3.0,
            "Sugar and glucose syrup are dissolved and the syrup cooked down to 78-98 % solids (boiled sweets to about "
            "98 %: some 0.2-0.3 kg of water evaporated per kg, about 0.6 MJ of latent heat), jellies and gums are "
            "deposited into moulding starch and stoved for one to three days in heated, dehumidified rooms, and the "
            "moulding starch is dried and re-used; boiled sweets and toffees are formed and cooled on cooling tables "
            "and tunnels. Steam for cookers and jackets, warm-air stoving and starch drying: about 2-4 MJ of fuel per "
            "kg; moguls, pumps, air handling, cooling and wrapping about 0.3-0.5 kWh per kg (engineering estimate from "
            "the steps, recalled orders of confectionery-plant energy use; no single source read), here 3 MJ and 0.4 "
            "kWh. A further step: a sugar factor that covers refining does not cover it. Chocolate and chocolate "
            "bars are not in this class. Estimate.",
        ),
        EnergyDefault(
            "plant_drink", "Plant-based drinks from beans, cereals or nuts (soaking, wet milling, cooking or enzymatic "
            "hydrolysis, separating the okara or bran, homogenising, UHT treatment)", 0.12, 1.0,
            "Energy balance of the wet route (engineering estimate from textbook values): the beans, oats or nuts "
            "(about 8-12 % of the drink) are milled with about ten times their mass of water and the slurry is "
            "cooked or held for enzymatic hydrolysis: about 1.1 kg of slurry per kg of drink heated from about 15 to "
            "90-100 degC is 1.1 x 4.0 kJ/kg/K x 80 K = 0.35 MJ; UHT at 135-145 degC with regenerative heat exchange "
            "(about 85 %) adds about 0.1 MJ net, deodorising and cleaning in place a few tenths; with boiler and "
            "distribution losses (efficiency about 0.6-0.7 for small steam systems) about 1 MJ of fuel per kg. "
            "About 0.12 kWh per kg for wet mills, decanters, high-pressure homogenisers (150-250 bar), pumps, "
            "aseptic cooling and chilling (assumption). The beans or grains are listed inputs; the okara or bran "
            "leaves as feed and carries no burden. Chosen instead of the general beverage default, which has no "
            "cooking step. Estimate.",
        ),
        EnergyDefault(
            "beverages", "Beverages (mixing, pasteurising, filling)", 0.1, 0.3,
            "Mixing, pasteurisation and filling of drinks: about 0.1 kWh and a few tenths of an MJ per kg. Estimate.",
        ),
        EnergyDefault(
            "regenerated_cellulose", "Man-made cellulose fibre spun from dissolving pulp (viscose, modal, lyocell: "
            "steeping, xanthation or dissolving, wet spinning, washing, drying)", 2.0, 25.0,
            "The viscose process steeps dissolving pulp in caustic soda, xanthates it with carbon disulphide, "
            "dissolves, ripens and spins it into an acid bath, then washes, desulphurises, bleaches and dries the "
            "fibre; lyocell dissolves the pulp in NMMO and evaporates the solvent for recovery. Steam for the baths, "
            "evaporation and drying dominates: of the order of 20-30 MJ of heat and 1.5-2.5 kWh of electricity per "
            "kg of staple fibre (order of magnitude of the fibre-production step in Shen, Worrell & Patel, "
            "Environmental impact assessment of man-made cellulose fibres, Resources, Conservation and Recycling 55 "
            "(2010) 260-274; recalled), here 25 MJ and 2.0 kWh. A further step: a pulp factor covers none of it. "
            "The process chemicals (about 0.5-0.7 kg NaOH, 0.1 kg CS2 and 0.6-1 kg H2SO4 per kg of viscose, "
            "recalled) are not included: list them in the composition to count them. Mills that raise steam from "
            "coal make the natural-gas heat factor a lower bound. Estimate.",
        ),
        EnergyDefault(
            "footwear", "Footwear made from leather, textile, foam and rubber parts (cutting, stitching, sole moulding "
            "or vulcanising, lasting, cementing, finishing)", 10.0, 15.0,
            "Shoes are made from bought leather, fabric, EVA or PU granulate and rubber compound: uppers are cut and "
            "stitched, foam midsoles expanded and compression- or injection-moulded, rubber outsoles vulcanised in "
            "heated presses, and the shoe lasted, cemented (adhesive activation and curing ovens, heat-setting), "
            "finished and packed in air-conditioned halls. Built from the component steps (engineering estimate, "
            "recalled orders): foam moulding and rubber vulcanising about 1.5-3 kWh and several MJ of press and "
            "steam heat per kg of sole, knitting or weaving and dyeing the upper fabric about 1.5-3 kWh and 10-20 MJ "
            "per kg of fabric, stitching, lasting, cementing and climate control about 2-3 kWh per kg of shoe: about "
            "6 kWh and 10 MJ per kg of shoe as a lower bound. The cradle-to-gate study of a running shoe by Cheah, Ciceri, "
            "Olivetti, Matsumura, Forterre, Roth & Kirchain (J. Cleaner Production 44, 2013, 18-29; recalled) put "
            "about two thirds of its roughly 14 kg CO2e per pair, some 9 kg, into manufacturing, largely electricity "
            "from coal-based grids (about 0.9-1 kg CO2e per kWh then): about 9-10 kWh-equivalent per pair of about "
            "0.6-0.7 kg, i.e. 13-16 kWh per kg, twice the build-up above, which misses many small heated steps "
            "and the air-conditioned halls (the cutting waste of the uppers is a separate yield, "
            "footwear_cutting_waste). The default takes the middle, 10 kWh and 15 MJ per "
            "kg of shoe (products8, issue 14: the 6 kWh build-up left a synthetic running shoe at about 0.4 of the "
            "published values). A further step: material factors for hide leather, resin granulate or rubber "
            "cover none of it. Estimate.",
            spread=2.5,
        ),
        EnergyDefault(
            "moulded_footwear", "Moulded footwear without a cut and stitched upper (injection-moulded PVC or "
            "rubber-look boots, vulcanised rubber boots, clogs, flip-flops, moulded sandals)", 2.0, 4.0,
            "A one-piece boot or clog is compounded (plasticised PVC dry blend, rubber or EVA compound) and "
            "injection-moulded, dip-moulded or press-vulcanised in one or two shots, trimmed and packed: none of the "
            "cutting, stitching, lasting and cementing of a shoe with an upper (the ``footwear`` default, 10 kWh and "
            "15 MJ per kg, is built from those). Injection moulding takes of the order of 1-2 kWh per kg of "
            "moulded part incl. drying, chillers and compressed air (Thiriez & Gutowski, An environmental analysis "
            "of injection molding, IEEE ISEE 2006; R. Kent, Energy Management in Plastics Processing, 2018; "
            "recalled) plus compounding about 0.3-0.5 kWh per kg (Kent 2018, recalled); vulcanising presses and "
            "autoclaves add steam heat. Here 2 kWh and 4 MJ per kg of footwear. Chosen for a ``footwear`` product "
            "without upper or lining material cut from sheet (leather, fabric, mesh, canvas) above 20% of the "
            "mass, or whose text says the article is moulded or vulcanised in one piece with no cut upper at all. "
            "Added for issue 14 (f8-products: a PVC wellington boot took the stitched-shoe default). Estimate.",
            spread=2.5,
        ),
        EnergyDefault(
            "textiles", "Textiles (flat default when the fabrication level is not named; else stage-wise)", 2.5, 5.0,
            "Spinning uses a few kWh per kg of yarn; dyeing and finishing add several MJ of heat per kg. Used only "
            "when the product's fabrication level (fibre, yarn, fabric, garment) is not named; otherwise the "
            "stages of openpcf.engine.textile_stages apply. Estimate.",
        ),
        EnergyDefault(
            "concrete_mixing", "Concrete, mortar and screed mixed from cement, aggregates and water", 0.002, 0.01,
            "Batching and mixing at a ready-mix or precast plant: a few kWh of electricity and a few tens of MJ of "
            "fuel (loaders, heating of water and aggregates in winter) per m3 of about 2.4 t, i.e. about 0.002 kWh "
            "and 0.01 MJ per kg. Cement and aggregates carry their own production. Estimate.",
        ),
        EnergyDefault(
            "aggregate_crushing", "Crushed-rock and sand-and-gravel aggregates (blasting, crushing, screening, "
            "washing and loading at the quarry)", 0.003, 0.03,
            "Aggregate quarries crush and screen with electric or diesel plant and load with diesel shovels and "
            "dumpers: of the order of 2-4 kWh of electricity and 0.5-1 litre of diesel per tonne of aggregate "
            "(Korre & Durucan, Life cycle assessment of aggregates, EVA025, WRAP/MIST 2009; the Mineral Products "
            "Association puts crushed rock at a few kg CO2e per tonne at the quarry gate; recalled). Here 3 kWh and "
            "30 MJ of fuel per tonne; the rock's own factor carries its extraction. Added for issue 14 (lead, "
            "session 8): with no class of its own, a crushed limestone aggregate took the glass-melting class of "
            "its batch mineral. Estimate.",
        ),
        EnergyDefault(
            "autoclaved_curing", "Autoclaved cement- and lime-bound products (fibre-cement boards and sheets, "
            "autoclaved aerated concrete, calcium silicate boards, sand-lime bricks): mixing, forming, pre-curing, "
            "steam curing in an autoclave, drying", 0.1, 1.5,
            "These products are hardened by saturated steam at about 180-200 C and 10-12 bar for some 6-12 hours, "
            "which forms the calcium silicate hydrates that give them their strength; fibre-cement sheets are first "
            "formed on Hatschek machines and pressed, and boards are dried after curing. Order of magnitude "
            "(recalled, engineering estimate; no single source read): a few hundred kg of steam per tonne of "
            "product for the autoclave and the drying, i.e. about 1-2 MJ of boiler fuel per kg, here 1.5 MJ, and "
            "about 0.05-0.2 kWh per kg for mixers, the forming machine, presses, cutting and handling, here 0.1. "
            "A further step: the cement, lime and sand factors cover none of it. Estimate.",
        ),
        EnergyDefault(
            "cement_grinding", "Cement grinding and blending of clinker with gypsum and other constituents", 0.045, 0.0,
            "Grinding clinker with gypsum (and slag, fly ash or limestone) in ball or vertical roller mills: about "
            "30-50 kWh of electricity per tonne of cement (EU BREF for the Production of Cement, Lime and Magnesium "
            "Oxide, JRC 2013, grinding section; recalled). Kiln fuel and the calcination CO2 are inside the clinker "
            "factor; drying of wet slag is not included. Estimate.",
            spread=1.5,
        ),
        EnergyDefault(
            "wood_fibre_boards", "Wood-fibre insulation boards, dry or wet process (defibration, drying, forming, "
            "binding or pressing)", 0.5, 3.0,
            "Wood chips are steamed and defibrated in a refiner (about 150-250 kWh of electricity per tonne of fibre, "
            "recalled order of magnitude for thermo-mechanical refining), then dried: in the dry process the fibres "
            "from about 50 % to about 10 % moisture (about 0.8 kg of water per kg of board, some 1.8 MJ of latent "
            "heat, about 2.5-3 MJ of heat at a dryer efficiency of 0.6-0.7), bound with PMDI and cured in a "
            "steam-air press; in the wet process a fibre slurry is formed and dewatered and the boards are dried in "
            "a multi-deck dryer (more heat per kg, often partly from the mill's own biomass). About 0.5 kWh and 3 MJ "
            "of fossil heat per kg of board (mass and energy balance from textbook values; engineering estimate, "
            "recalled; wood-fibre insulation EPDs under EN 15804 report fossil GWP of a few tenths of a kg CO2e "
            "per kg, recalled). The wood, binder and wax are listed inputs. Estimate.",
            spread=2.0,
        ),
        EnergyDefault(
            "wood_panels", "Wood-based panels pressed from chips, fibres or strands (particleboard, MDF, OSB)", 0.25, 1.0,
            "Chipping or refining, drying the furnish from green to 2-3 % moisture, blending with resin, forming and "
            "hot pressing, sanding: the EU BREF for the Production of Wood-based Panels (JRC 2016; recalled) gives "
            "roughly 100-200 kWh of electricity per m3 of particleboard or OSB (MDF refining more, about 250-350) and "
            "about 1.5-3 GJ of heat per m3, most of it from the mill's own bark, dust and offcuts (biogenic, not "
            "counted); about 0.25 kWh and 1 MJ of fossil heat (the gas share of dryers and press heating, "
            "assumption) per kg of board at about 650 kg per m3. The resin, wax and wood are listed inputs. Estimate.",
        ),
        EnergyDefault(
            "cellulose_insulation", "Cellulose fibre insulation from recovered paper (shredding, hammer-milling or "
            "fiberising, dosing the fire retardant, bagging)", 0.15, 0.1,
            "Recovered newspaper is shredded and fiberised dry in hammer or disc mills, the borate or ammonium "
            "sulphate dusted in, and the fluff bagged under pressure: a mechanical process with no drying, of the "
            "order of 100-200 kWh of electricity per tonne (order of magnitude of the electricity stated in "
            "manufacturers' EPDs for cellulose loose-fill and of mill ratings; recalled, no single source read), "
            "here 0.15 kWh and 0.1 MJ (space heating, forklifts) per kg. The recovered paper enters burden-free "
            "(cut-off); the fire retardants are listed inputs. Chosen instead of the general default (0.5 kWh and "
            "1 MJ), which is a median over all manufacturing. Estimate.",
        ),
        EnergyDefault(
            "solid_wood_furniture", "Solid-wood furniture and joinery from bought sawn timber (machining, sanding, "
            "gluing, assembly, finishing and drying of the coating, dust extraction)", 1.0, 2.0,
            "Making a table, chair, bench or door from kiln-dried boards runs many machines for little mass: "
            "moulders, spindle and CNC routers, tenoners, wide-belt sanders, presses, spray booths with drying "
            "tunnels or ovens, compressed air and the dust-extraction fans that run with every machine (in wood "
            "workshops dust extraction is commonly a quarter to a third of the electricity). Of the order of 0.5-2 "
            "kWh per kg of finished furniture and a few MJ of heat for drying rooms, coating cures and space heat "
            "(order of magnitude of the factory stage in cradle-to-gate studies of solid-wood chairs and tables, e.g. "
            "Gonzalez-Garcia et al. on Spanish and Portuguese wooden furniture, Journal of Cleaner Production 2011-"
            "2012; recalled, no single value read), here 1.0 kWh and 2 MJ per kg; the workshop's own offcuts often "
            "fire a wood boiler (biogenic, not counted). The rough-milling yield of the sawn timber is a separate "
            "step (solid_wood_rough_milling). Chosen instead of the wood_products default (cutting a pallet or a "
            "batten: 0.2 kWh) when the product names a solid-wood article. Estimate.",
            spread=2.5,
        ),
        EnergyDefault(
            "wood_products", "Wood products from bought timber or panels (cutting, planing, assembly)", 0.2, 0.3,
            "Sawing, planing, machining, gluing and assembling bought sawn timber or panels: a few tenths of a kWh "
            "per kg; kiln drying is inside the sawn-timber factor. Estimate.",
        ),
        EnergyDefault(
            "pcb_fabrication", "Bare printed circuit boards made from laminate and copper foil (lamination, "
            "drilling, plating, etching, solder mask)", 20.0, 5.0,
            "Making a multilayer board from bought FR-4 laminate, prepreg and copper foil: inner-layer imaging and "
            "etching, press lamination, mechanical and laser drilling, electroless and electrolytic copper plating, "
            "outer-layer etching, solder mask, surface finish and electrical test, in air-conditioned clean rooms "
            "with heated process baths and waste-water treatment. Fab electricity is of the order of 30-150 kWh "
            "per m2 of multilayer board, rising with the layer count (order of magnitude of the per-m2 "
            "electricity in published LCAs of PCB manufacture in China and Taiwan and of the electricity limits "
            "per m2 by layer count in China's cleaner-production standard for PCB manufacturing, HJ 450-2008; "
            "recalled); at about 3 kg per m2 of a 1.6 mm board that is about 10-50 kWh per kg, here 20 kWh per kg "
            "(about 60 kWh per m2). Heat for drying, lamination presses heated by thermal oil and bath heating: "
            "about 5 MJ per kg (assumed). Etching and plating chemicals and their treatment are not included. "
            "Estimate.",
            spread=2.5,
        ),
        EnergyDefault(
            "electronics_assembly", "Electronics assembly (populated boards and devices assembled from parts: "
            "SMT placement, reflow, test, final assembly)", 1.0, 0.0,
            "An SMT line (paste printer, placement machines, a 8-10-zone reflow oven of roughly 20-40 kW, "
            "inspection) with its clean-room air handling and compressed air draws of the order of 50-100 kW "
            "while placing some 10-20 kg of boards an hour, i.e. a few kWh per kg of board (typical equipment "
            "ratings, recalled; engineering estimate); boards are some 10-20 % of a device's mass, and final "
            "assembly, functional test and burn-in add a few tenths of a kWh per kg: about 1 kWh of electricity "
            "per kg of product, no fuel (reflow is electric). The parts (boards, chips, displays, cells) carry "
            "their own production. Estimate.",
            spread=3.0,
        ),
        EnergyDefault(
            "machinery_assembly", "Machines and appliances made from bought materials and components (parts "
            "fabrication: stamping, bending, machining, welding, moulding, painting; final assembly and test)",
            1.5, 3.0,
            "A household appliance, bicycle or machine is made from bought sheet, tube, bar, granulate and "
            "components: its metal parts are cut, stamped or bent, welded, heat-treated and painted or enamelled "
            "(curing ovens), its plastic parts moulded, and everything assembled and tested. A material factor for "
            "sheet, ingot or granulate covers none of these steps, and a bought component covers only itself, so "
            "this is a further step on the whole product's mass: the fabricated-metal-products order of about "
            "1.5 kWh and 3 MJ of heat per kg (as metal_products), which also stands for the moulding and final "
            "assembly energy averaged over the mass. Engineering estimate (order of magnitude; recalled, no "
            "single source). Estimate.",
            spread=2.5,
        ),
        EnergyDefault(
            "general_manufacturing", "General manufacturing (class not recognised)", 0.5, 1.0,
            "Median-order default when the product class is not recognised. Estimate.",
        ),
    )
}

#: Rough milling of bought kiln-dried sawn timber into the parts of a solid-wood article (cross-cutting,
#: ripping, planing to size, cutting out knots and splits): a yield, no energy of its own (the machining
#: energy is the ``wood_products`` class default). Applied by
#: :func:`openpcf.engine.estimation._solid_wood_yield` to solid-wood inputs of furniture and joinery only.
SOLID_WOOD_ROUGH_MILLING = EnergyDefault(
    "solid_wood_rough_milling", "rough milling of sawn timber into solid-wood furniture or joinery parts", 0.0, 0.0,
    "Furniture and joinery rough mills recover about 50-70 % of the kiln-dried sawn hardwood they buy as clear "
    "parts (cutting-yield studies of the USDA Forest Service for furniture rough mills, e.g. the ROMI rough-mill "
    "simulator studies; recalled), the rest leaving as offcuts, shavings and sawdust; 60 % is used, i.e. 1.667 "
    "kg of sawn timber per kg of solid wood in the article. Kiln drying and sawing are inside the sawn-timber "
    "factor; the offcuts are cut off (often burnt for the mill's heat). Estimate.",
    spread=1.5, input_per_output=1 / 0.6,
)
#: Articles made of solid-wood parts (furniture, joinery, flooring boards, wooden toys, boards and utensils for the
#: kitchen): the product words of the rule.
_SOLID_WOOD_ARTICLES = re.compile(
    r"\b(furniture|tables?|chairs?|stools?|bench(es)?|desks?|beds?|bed ?frames?|cabinets?|cupboards?|wardrobes?|"
    r"dressers?|chests? of drawers|sideboards?|shel(f|ves)|shelving|bookcases?|sofas?|settees?|cribs?|cots?|"
    r"doors?|window frames?|staircases?|stairs|handrails?|toys?|toy (blocks|trains?|sets?)|building blocks|"
    r"(cutting|chopping|serving|bread) boards?|utensils|spoons?|solid[- ]wood|solid (oak|beech|ash|pine|walnut|maple|"
    r"cherry|birch|teak|larch|spruce|acacia|eucalyptus|mahogany|chestnut|elm|hardwood|softwood)( wood)?)\b", re.I)
#: Wood inputs that are not sawn solid wood (panels, veneers, glued products, residues): no rough-milling yield.
_NOT_SOLID_WOOD = re.compile(
    r"\b(plywood|mdf|hdf|fib(re|er) ?boards?|hardboard|particle ?boards?|chip ?boards?|osb|veneers?|laminated|"
    r"glulam|clt|cross[- ]laminated|lvl|panels?|boards? of|boards?|chips?|sawdust|shavings|pellets?|fib(re|er)s?|"
    r"oils?|stains?|wax(es)?|glues?|adhesives?|lacquers?|varnish(es)?|paints?|"
    r"cork|bamboo|rattan|wicker|pulp|paper|cardboard|charcoal|wood flour|wood wool)\b", re.I)


#: Fabrication scrap of the metal parts of a machine or appliance: blanks are cut and stamped from sheet
#: (skeleton and offcuts), tubes and bars cut to length and machined. Applied by
#: :func:`openpcf.engine.estimation._metal_parts_yield` to the metal inputs of a ``machinery_assembly`` product.
METAL_PARTS_SCRAP = EnergyDefault(
    "metal_parts_scrap", "fabrication scrap of metal parts cut, stamped or machined from sheet, tube or bar", 0.0, 0.0,
    "The EcoReport tool of the EU Methodology for the Ecodesign of Energy-related Products (MEErP, VHK 2011) "
    "adds a sheet-metal scrap of 25 % of the sheet-metal parts' mass by default (recalled), i.e. 1.25 kg of "
    "sheet bought per kg of part; the same ratio is used for tube and bar parts. The scrap leaves the factory "
    "for recycling and is cut off (no credit). The forming energy is the machinery_assembly class default. "
    "Estimate.",
    spread=1.5, input_per_output=1.25,
)
#: Cutting waste of a shoe's upper and lining materials: leather hides and fabric rolls are cut into upper parts with
#: press knives or cutting tables, and the skeleton, irregular hide edges and defects are lost. Applied by
#: :func:`openpcf.engine.estimation._footwear_cutting_yield` to the sheet materials of a ``footwear`` product.
FOOTWEAR_CUTTING_WASTE = EnergyDefault(
    "footwear_cutting_waste", "cutting waste of shoe upper and lining materials (leather, fabric, synthetic leather)",
    0.0, 0.0,
    "Upper materials are cut from hides and rolls with a material utilisation of roughly 70-85 % for leather (hide "
    "shape, grain defects) and 80-90 % for fabrics and coated fabrics (nesting on rolls; footwear-manufacturing "
    "waste studies, e.g. Staikos & Rahimifard on post-production shoe waste, recalled; engineering estimate), here 80 "
    "%, i.e. 1.25 kg bought per kg in the shoe. The offcuts are cut off (landfilled or recycled without credit). "
    "Soles, heels, insoles, laces, threads, foams and adhesives are moulded or bought to size and keep their mass; "
    "the cutting energy is inside the footwear class default. Estimate.",
    spread=1.5, input_per_output=1.25,
)
#: Shoe inputs that are not cut from sheet (moulded, bought to size, or consumables): no cutting waste.
_NOT_CUT_FROM_SHEET = re.compile(
    r"\b(soles?|outsoles?|midsoles?|insoles?|heels?|laces?|shoelaces|threads?|yarns?|foams?|eva|rubber|adhesives?|"
    r"glues?|cements?|boards?|fillers?|cork|counters?|toe caps?|shanks?|eyelets?|boxes|box|tissue|tags?)\b", re.I)


#: Upper and lining materials of a shoe, cut from hides or rolls.
_SHEET_MATERIAL = re.compile(r"\b(leather|suede|nubuck|leatherette|fabrics?|mesh|canvas|textiles?|linings?|knit\w*|"
                             r"jersey|felt|denim|uppers?|microfib(re|er)s?)\b", re.I)


#: A text saying the article is moulded or vulcanised (one-piece boots, clogs).
_MOULDED = re.compile(r"\b(injection[- ]?moul?ded|moul?ded|dip[- ]?moul?ded|rotomoul?ded|vulcani[sz]ed|one[- ]piece|"
                      r"single[- ]piece)\b", re.IGNORECASE)
#: Share of a shoe's mass above which sheet materials (a cut upper or lining) make it a stitched shoe.
MOULDED_FOOTWEAR_MAX_SHEET = 0.2


def _weighted(components: list[tuple[str, float]] | list[str] | None) -> list[tuple[str, float]]:
    """``(name, mass or share)`` pairs with a positive mass; bare names count equally (1.0 each). Pure."""
    comps = [(c, 1.0) if isinstance(c, str) else c for c in (components or [])]
    return [(c, float(m)) for c, m in comps if m is not None and m > 0]


def _share_of(comps: list[tuple[str, float]], keep: Callable[[str], object]) -> float:
    """Share (0–1) of the listed mass whose name ``keep`` accepts; 0 without mass. Pure."""
    total = sum(m for _, m in comps)
    return sum(m for c, m in comps if keep(c)) / total if total > 0 else 0.0


def moulded_footwear(name: str, description: str | None,
                     components: list[tuple[str, float]] | list[str] | None) -> bool:
    """True for footwear without a cut and stitched upper: with components, when upper or lining materials cut
    from sheet (:func:`cut_from_sheet`) carry less than :data:`MOULDED_FOOTWEAR_MAX_SHEET` of the mass and either
    none is listed or the text says moulded or vulcanised; without components, when the text says so. Pure."""
    comps = _weighted(components)
    says_moulded = any(t and _MOULDED.search(t) for t in (name, description))
    if not comps:
        return says_moulded
    sheet = _share_of(comps, cut_from_sheet)
    return sheet < MOULDED_FOOTWEAR_MAX_SHEET and (sheet == 0.0 or says_moulded)


def cut_from_sheet(input_name: str) -> bool:
    """True when a shoe input is an upper or lining material cut from a hide or roll (leather, fabric, mesh,
    canvas, synthetic leather), by its name; not a sole, heel, lace, thread, foam, adhesive or board. Pure."""
    return bool(_SHEET_MATERIAL.search(input_name)) and not _NOT_CUT_FROM_SHEET.search(input_name)


#: Metal inputs bought as finished parts (fasteners, wire, cable, foil, springs): no fabrication scrap.
_NOT_FABRICATED_METAL = re.compile(
    r"\b(screws?|bolts?|nuts?|rivets?|washers?|fasteners?|nails?|pins?|wires?|cables?|cords?|foils?|springs?|"
    r"bearings?|chains?|powders?|scrap|recycled|castings?|cast|forgings?|forged)\b", re.IGNORECASE)


def machine_product(product_class: str) -> bool:
    """True for a machine or appliance assembled from fabricated parts (the ``machinery_assembly`` class)."""
    return product_class == "machinery_assembly"


def is_fabricated_metal_part(input_name: str) -> bool:
    """True when a metal input of a machine is made into parts by cutting, stamping or machining bought sheet,
    tube or bar (not a bought fastener, wire, spring, casting or recycled feed, by its name)."""
    return not _NOT_FABRICATED_METAL.search(input_name)


#: Garden and planting beds are boxes of boards, not furniture ("raised garden bed", "flower bed").
_NOT_WOOD_ARTICLE = re.compile(r"\b(raised|garden|flower|vegetable|planting|planter|seed|hot) beds?\b", re.I)


def solid_wood_article(product_name: str, description: str | None = None) -> bool:
    """True when the product's name (else its description) names an article made of solid-wood parts
    (a table, a chair, a door, "solid oak ..."); a raised garden bed is not one (a box of boards)."""
    def names(text: str | None) -> bool:
        return bool(text) and bool(_SOLID_WOOD_ARTICLES.search(_NOT_WOOD_ARTICLE.sub(" ", text)))
    return names(product_name) or names(description)


def is_solid_wood(input_name: str, factor_name: str | None) -> bool:
    """True when an input is sawn solid wood (not a panel, veneer, glued product or residue) by its own name
    and by the name of its factor."""
    return not _NOT_SOLID_WOOD.search(input_name) and not (factor_name and _NOT_SOLID_WOOD.search(factor_name))


#: Heating of a heated greenhouse, per kg of produce harvested in it: a stage of growing, not of processing,
#: added (by :func:`openpcf.engine.estimation._greenhouse_lines`) only when the product's name or description or
#: the input's name says the crop was grown in a heated greenhouse or glasshouse.
GREENHOUSE_HEATING = EnergyDefault(
    "greenhouse_heating", "Heating of a heated greenhouse (glasshouse), per kg of produce", 0.0, 15.0,
    "Dutch glasshouse horticulture burns roughly 25-40 m3 of natural gas per m2 of glass a year (Wageningen "
    "Economic Research, Energiemonitor van de Nederlandse glastuinbouw, yearly reports; recalled) and a heated "
    "tomato or cucumber crop yields roughly 50-70 kg per m2, i.e. about 0.4-0.7 m3 or 13-22 MJ of gas per kg of "
    "produce; 15 MJ is used. Older or colder-climate houses need more (UK heated tomatoes were put at several "
    "times this in Williams et al., Cranfield University for Defra, project IS0205, 2006; recalled). Electricity "
    "from the growers' CHP units is not credited and lighting of lit crops is not included. Estimate.",
    spread=2.0,
)
_HEATED_GREENHOUSE = re.compile(
    r"\bheated[\s-]+(green ?houses?|glass ?houses?|poly ?tunnels?)\b|"
    r"\b(green ?houses?|glass ?houses?)\b[^.;:]{0,40}\bheat(ed|ing)\b", re.I)
_NOT_HEATED = re.compile(r"\b(unheated|non-?heated|not heated|without heating|no heating|cold (green|glass) ?houses?)\b",
                         re.I)


def heated_greenhouse(*texts: str | None) -> bool:
    """True when one of the texts says the crop grew in a heated greenhouse or glasshouse ("Tomatoes grown in
    a heated greenhouse", "glasshouse cucumbers, heated"); a greenhouse that is not said to be heated, or is
    said not to be ("unheated", "not heated"), is not."""
    return any(t and _HEATED_GREENHOUSE.search(t) and not _NOT_HEATED.search(t) for t in texts)


#: Words of a populated board (components mounted): the board is then an assembly, not a bare board.
_POPULATED_BOARD = (r"\b(pcbas?|printed (circuit|wiring) boards? assembl\w*|pcb assembl\w*|circuit board assembl\w*|"
                    r"populated (pcbs?|boards?|circuit boards?|printed (circuit|wiring) boards?)|"
                    r"assembled (pcbs?|boards?|circuit boards?)|"
                    r"mainboards?|motherboards?|logic boards?)\b")

#: Words of a machine or appliance assembled from fabricated parts and bought components (household
#: appliances, bicycles and scooters, machinery and power tools). Motors, electronics and furniture have their
#: own classes; "machine" in "machine plaster" (a plaster for spraying machines) is not backed by metal mass.
MACHINE_WORDS = (r"\b(appliances?|washing machines?|tumble dryers?|clothes dryers?|dishwashers?|"
                 r"refrigerators?|fridges?|freezers?|fridge-freezers?|ovens?|cookers?|cooking ranges?|hobs?|"
                 r"microwaves?|microwave ovens?|range hoods?|cooker hoods?|kettles?|toasters?|coffee (machines?|"
                 r"makers?)|espresso machines?|vacuum cleaners?|hair ?dryers?|blenders?|food processors?|"
                 r"bicycles?|bikes?|e-?bikes?|tricycles?|scooters?|lawn ?mowers?|machines?|machinery|"
                 r"machine tools?|power tools?|drills?|angle grinders?|chainsaws?|water pumps?|circulat\w* pumps?|compressors?|"
                 r"hedge ?trimmers?|grass trimmers?|strimmers?|leaf blowers?|pressure washers?|sanders?|"
                 r"circular saws?|mixers?|stand mixers?|juicers?|"
                 r"heat pumps?|boilers?|water heaters?|air conditioners?|dehumidifiers?|"
                 # office and small domestic machines: electromechanical, moulded and stamped parts and motors
                 r"printers?|laser printers?|inkjet printers?|photocopiers?|copiers?|scanners?|shredders?|"
                 r"projectors?|fan heaters?|electric fans?|desk fans?|tower fans?|air purifiers?|humidifiers?|"
                 # (not "iron" alone: cast iron is a metal)
                 r"steam irons?|clothes irons?|travel irons?|hair straighteners?|curling irons?|shavers?|"
                 r"electric shavers?|"
                 r"trimmers?|epilators?|electric toothbrushes?|sandwich makers?|waffle makers?|rice cookers?|"
                 r"slow cookers?|air fryers?|deep fryers?|grills?|hand mixers?|immersion blenders?|"
                 r"sewing machines?|ice cream makers?|bread makers?)\b")
#: Products *for* a machine that are not the machine (accessories, consumables): "bike helmet", "dishwasher
#: tablets", "oven gloves", "washing machine cleaner".
_FOR_A_MACHINE = re.compile(r"\b(helmets?|locks?|racks?|bags?|covers?|cases?|gloves?|mitts?|trays?|tablets?|pods?|"
                            r"detergents?|cleaners?|descalers?|rinse aids?|salt|filters?|hoses?|spare parts?|"
                            r"accessor(y|ies)|baskets?|bells?|lights?|lamps?)\b")

#: Words of a food product's name: the food_processing class (then canning or baking by the name). Prepared and
#: preserved foods as a practitioner names them — meat products (sausages, ham, burgers, nuggets), dairy products
#: (cheese, yoghurt, ice cream, butter), baked goods, fried and frozen potato products, spreads, breakfast cereals.
#: Not "cream" or "jelly" alone (hand cream, petroleum jelly are no food).
_FOOD_PRODUCT_WORDS = (
    r"\b(food|foods|canned|can \d|tomato|beans?|peas|chickpeas?|peach|fruit|vegetables?|pasta|sauce|"
    r"meat|cheese|milk|dairy|bread|flour|sugar|chocolate|coffee|tea|olive|oil seed|cereal|rice|jam|"
    r"conserve|syrup|sausages?|ham|bacon|salami|burgers?|patt(y|ies)|nuggets?|meatballs?|fish fingers?|fillets?|"
    r"mozzarella|yog(h)?o?urts?|ice ?creams?|butter|margarine|spreads?|biscuits?|cookies?|crackers?|cakes?|"
    r"pastr(y|ies)|croissants?|muffins?|buns?|pizzas?|crisps|fries|french fries|chips|honey|muesli|granola|"
    r"porridge|soups?|ready meals?|frozen|tofu|hummus|peanut butter|confectionery|sweets|candy|"
    r"fish|seafood|shellfish|mussels?|oysters?|clams?|scallops?|prawns?|shrimps?|crabs?|lobsters?|squid|octopus|"
    r"salmon|tuna|cod|hake|sardines?|mackerel|herring|anchov(y|ies)|trout|pollock|haddock|plaice)\b")
#: The inputs of a food: raw commodities and ingredients (cereals and flours, sugars, fats and oils, dairy, eggs,
#: meat and fish, cocoa, fruit and vegetables). With the food classes of
#: :func:`openpcf.factors.material_class.material_class` (fruit, vegetable, legume, cereal ...), the mass evidence
#: for ``food_processing`` (a word is evidence only with the food mass that carries it). Not "oil", "fat" or
#: "salt" alone (mineral oil, paraffin oil, de-icing salt are no food ingredients).
_FOOD_INPUT_WORDS = (
    _FOOD_PRODUCT_WORDS[:-3] + r"|wheat|oats?|barley|rye|maize|corn|semolina|starch|glucose|dextrose|fructose|"
    r"sucrose|molasses|cocoa|cocoa butter|cocoa mass|cream|palm (kernel )?oil|coconut|vegetable fats?|lard|tallow|eggs?|egg yolks?|whey|curd|"
    r"casein|pork|beef|veal|lamb|mutton|chicken|poultry|turkey|duck|fish|cod|tuna|salmon|haddock|pollock|mackerel|"
    r"sardines?|shrimps?|prawns?|seafood|potato(es)?|nuts?|peanuts?|almonds?|hazelnuts?|raisins?|onions?|"
    r"breadcrumbs?|rusk|yeast|gelatine?|pectin|soy\w*|soya|lentils?|herbs?|spices?)\b")

#: Products *for* shoes that are not shoes (care products, boxes, storage, parts sold alone).
_FOR_FOOTWEAR = re.compile(r"\b(polish|cream|sprays?|box(es)?|racks?|cabinets?|horns?|trees?|laces|insoles only|"
                           r"covers?|bags?|dryers?|cleaners?)\b")

# Keyword → product class. Order matters: the first class whose pattern matches wins.
_CLASS_PATTERNS: tuple[tuple[str, str], ...] = (
    ("brewing", r"\b(beers?|lagers?|pale ales?|brown ales?|stouts?|pilsners?|pilsener|pils|porters?|wheat beers?|"
                r"bocks?|bitters? ale)\b"),
    ("frying", r"\b(crisps|potato chips|tortilla chips|corn chips|vegetable chips|plantain chips|kettle chips|"
               r"fried snacks?|pork rinds|prawn crackers|"
               # par-fried frozen potato products (blanched, dried, par-fried, frozen)
               r"(french|frozen|oven|straight[- ]cut|crinkle[- ]cut|steak|shoestring|thin|potato) fries|"
               r"fries,? (frozen|par-?fried)|par-?fried (potato\w*|chips|fries|wedges)|frozen (potato )?chips|"
               r"oven chips|potato wedges|hash ?browns?|potato croquettes?|r[öo]sti)\b"),
    ("tofu_making", r"\b(tofu|bean curd|beancurd)\b"),
    # (coconut milk for cooking is pressed coconut cream, canned: not a drink)
    ("sugar_confectionery", r"\b(sugar confectionery|sweets|candy|candies|gummy|gummies|gums|jelly (beans|babies|sweets)|"
                            r"jellies|marshmallows?|toffees?|fudge|caramels?|lollipops?|lollies|boiled sweets|"
                            r"hard candy|pastilles?|lozenges?|liquorice|licorice|marzipan|nougat|chewing gum)\b"),
    ("plant_drink", r"\b((soy|soya|oat|almond|rice|hazelnut|cashew|pea|hemp|spelt|plant[- ]based|vegetable) "
                    r"(drinks?|milks?|beverages?)|coconut drinks?|soymilk|soy ?milk|oat ?milk|almond ?milk)\b"),
    ("beverages", r"\b(drink|beverage|juice|soda water|lemonade|wine|nectar|water,? bottled|"
                  r"(mineral|spring|still|sparkling|carbonated|table|bottled|flavou?red) water)\b"),
    ("food_processing", _FOOD_PRODUCT_WORDS),
    ("autoclaved_curing", r"\b(autoclaved|fib(re|er)[- ]?cement|aerated concrete|aircrete|aac|"
                          r"calcium[- ]silicate (boards?|bricks?|blocks?|units?)|sand[- ]?lime (bricks?|blocks?|units?)|"
                          r"cellulose[- ]cement)\b"),
    ("concrete_mixing", r"\b(concrete|mortar|screed|ready[- ]?mix(ed)?)\b"),
    ("aggregate_crushing", r"\b(aggregates?|crushed (stone|rock|limestone|granite|gravel|basalt|gritstone)|"
                           r"(railway|track) ballast|chippings|hardcore|armou?r ?stone|rip-?rap|sub-?base)\b"),
    ("lime_clinker_burning", r"\b(quick ?lime|burnt lime|burned lime|calcined lime|(?<!soda[- ])(?<!soda)lime|dolime|calcined dolomite|"
                             r"clinker|cement clinker)\b"),
    ("cement_grinding", r"\b(cements?|cem ?(i|ii|iii|iv|v)(/[abc])?|portland|ordinary portland)\b"),
    ("structural_ceramics", r"\b(bricks?|brickwork|clay blocks?|roof(ing)? tiles?|clay tiles?|pavers?|clay pavers?|"
                            r"terracotta|clay pipes?|vitrified clay)\b"),
    ("sanitary_ceramics", r"\b(sanitary ?ware|sanitary ceramics?|vitreous china|washbasins?|wash basins?|"
                          r"hand basins?|toilets?|toilet bowls?|wc pans?|urinals?|bidets?|cisterns?)\b"),
    ("tableware_firing", r"\b(tableware|dinnerware|crockery|mugs?|cups?|teacups?|saucers?|plates?|bowls?|teapots?|jugs?|"
                         r"vases?|dinner sets?|tea sets?|ornamentalware)\b"),
    ("ceramic_firing", r"\b(ceramics?|porcelain|stoneware|earthenware|tiles?|tiling|tableware|faience|majolica)\b"),
    ("footwear", r"\b(footwear|shoes?|sneakers?|trainers|boots|ankle boots|sandals?|slippers?|loafers?|"
                 r"espadrilles?|clogs?|flip[- ]flops?|moccasins?|brogues?|oxfords)\b"),
    ("regenerated_cellulose", r"\b(viscose|rayon|modal|lyocell|cupro|regenerated cellulose|cellulosic fib(re|er)s?|"
                              r"man-?made cellulos\w* fib(re|er)s?)\b"),
    ("cellulose_insulation", r"\b(cellulose (fib(re|er) )?(loose[- ]?fill )?(insulation|loose[- ]?fill)|"
                             r"loose[- ]?fill cellulose|blown(-in)? cellulose|cellulose (fib(re|er) )?(insulation )?boards?)\b"),
    ("textiles", r"\b(yarn|fib(re|er)s?|textiles?|fabrics?|cloth|wool|cotton|staple|thread|nonwoven|denim|garments?|"
                 r"apparel|clothing|t-?shirts?|shirts?|blouses?|dress(es)?|trousers|jeans|jackets?|sweaters?|"
                 r"jumpers?|hoodies?|sweatshirts?|socks|leggings|underwear|knit\w*|jersey|woven|towels?|"
                 r"bed ?linen|bedsheets?|pillowcases?|duvet covers?|curtains?)\b"),
    ("electronics_assembly", _POPULATED_BOARD + r"|\b(electronic (devices?|modules?|units?|equipment|assembl\w*)|"
                             r"electronics|laptops?|notebook computers?|computers?|desktop pcs?|servers?|tablets?|"
                             r"smartphones?|mobile phones?|cell ?phones?|routers?|modems?|monitors?|televisions?|"
                             r"tv sets?|chargers?|power supply|power supplies|power adapters?|ac adapters?|"
                             r"inverters?|led drivers?|control units?|controllers?|sensors?|set-top boxes?|"
                             # consumer audio, imaging and wearable devices: boards, chips, drivers, batteries
                             r"headphones?|headsets?|earphones?|earbuds?|ear ?buds?|in-ear monitors?|"
                             r"loudspeakers?|(bluetooth|wireless|portable|smart|computer|pc) speakers?|soundbars?|"
                             r"speaker systems?|amplifiers?|radios?|hi-?fi|stereos?|cameras?|camcorders?|"
                             r"webcams?|dash ?cams?|game consoles?|gaming consoles?|consoles?|smartwatch(es)?|"
                             r"smart ?watches|fitness trackers?|activity trackers?|wearables?|e-?readers?|"
                             r"ebook readers?|hearing aids?|remote controls?|keyboards?|computer mice|"
                             r"(computer|wireless|optical|gaming) mouse|drones?|navigation devices?|gps devices?)\b"),
    ("pcb_fabrication", r"\b(printed (circuit|wiring) boards?|pcbs?|pwbs?|bare boards?|multilayer boards?|"
                        r"multi-layer boards?|circuit boards?|hdi boards?)\b"),
    ("machinery_assembly", MACHINE_WORDS),
    ("metal_remelting", r"\b(ingots?|billets?|slabs?|castings?|cast|remelt\w*)\b"),
    ("metal_products", r"\b(aluminium|aluminum|steel|iron|copper|brass|zinc|metal|foil|hinges?|sheet metal|"
                       r"wire|screws?|bolts?)\b"),
    ("flat_glass_melting", r"\b(float glass|flat glass|sheet glass|window glass|float)\b"),
    ("glass_melting", r"\b(container glass|glass (jars?|bottles?|containers?)|jars?|bottles?|flint glass|"
                      r"glass wool|mineral wool|stone wool|rock wool|glass fib(re|er) insulation)\b"),
    ("domestic_glass", r"\b(drinking glass(es)?|tumblers?|wine glass(es)?|beer glass(es)?|stemware|glassware|"
                       r"glass (tableware|bowls?|vases?|jugs?|carafes?|decanters?|pitchers?|mugs?|cups?|plates?|"
                       r"dishes|ovenware|bakeware|cookware|teapots?|candle holders?|tumblers?)|"
                       r"pressed glass|blown glass|pressed[- ]and[- ]blown|soda-?lime glass (articles?|ware)|"
                       r"borosilicate (glass )?(ware|articles?|jugs?|dishes|bowls?|beakers?|bottles?)|"
                       r"lead crystal|crystal glass(es|ware)?|tableware glass|domestic glass)\b"),
    ("glass_products", r"\b(glass|glazing|windshield|windscreen|laminated|insulating glass)\b"),
    ("wood_fibre_boards", r"\b(wood[- ]?fib(re|er) ?(insulation )?(boards?|panels?|slabs?|mats?|batts?|insulation)|"
                          r"(soft|insulating|insulation) ?fib(re|er) ?boards?|fib(re|er) insulation boards?|"
                          r"fib(re|er) ?boards? (insulation|insulating)|"
                          r"(wet|dry)[- ]process (wood[- ]?)?fib(re|er) ?boards?)\b"),
    ("wood_panels", r"\b(particle ?boards?|chip ?boards?|mdf|hdf|fib(re|er) ?boards?|osb|oriented strand ?boards?|"
                    r"hardboards?|wood-based panels?)\b"),
    ("wood_products", r"\b(pallets?|wood(en)?|timber|lumber|plywood|furniture|joinery|parquet|mdf|chipboard|"
                      r"particleboard|osb|glulam)\b"),
    ("plastic_conversion", r"\b(films?|sheets?|moulded|molded|bags?|pipes?|containers?|packaging|bottles?|trays?)\b"),
    ("plastics_compounding", r"\b(compounds?|granulates?|granules?|pellets?|resin|masterbatch|polymer|pa6|pa66|"
                             r"polyamide|polyolefin|polypropylene|polyethylene|pvc|pet|abs)\b"),
    ("fermentation", r"\b(citric acid|citrates?|lactic acid|lactates?|gluconic acid|gluconates?|itaconic acid|"
                     r"succinic acid|amino acids?|lysine|glutamic acid|glutamates?|threonine|tryptophan|xanthan|"
                     r"xanthan gum|erythritol|fermentation|fermented)\b"),
    ("chemical_formulation", r"\b(cleaner|detergent|soap|ink|paint|coating|grease|lubricant|adhesive|sealant|"
                             r"varnish|formulation|disinfectant|biocide|polish|wax)\b"),
    ("chemical_synthesis", r"\b(acid|hydroxide|citrate|oxide|carbonate|sulfate|sulphate|chloride|nitrate|"
                           r"chemical|synthesis|catalyst|solvent|monomer|glycol|acrylate)\b"),
)
_CLASS_PATTERN_OF: dict[str, str] = dict(_CLASS_PATTERNS)


# What the inputs of each class look like: the mass evidence for a class (a component supports every class
# whose input pattern its name matches). Water is evidence only for a class the name or description names.
_CLASS_INPUTS: dict[str, str] = {
    # the formed container glass itself backs a container named by the product (a jar of "container glass": its factor
    # covers melting and forming, so no further step is added)
    "glass_melting": r"\b(container glass|bottle glass|hollow glass|flint glass|amber glass|"
                     r"sand|cullet|soda|soda ash|limestone|dolomite|feldspar|silica|broken glass|recycled glass|"
                     r"nepheline|glass batch|basalt|diabase|gabbro|anorthosite|blast furnace slag|slag)\b",
    "flat_glass_melting": r"\b(sand|cullet|soda|soda ash|limestone|dolomite|feldspar|silica|broken glass|"
                          r"recycled glass|nepheline|glass batch|salt ?cake|sodium sulfate|sodium sulphate)\b",
    "ceramic_firing": r"\b(clays?|kaolin\w*|ball clay|china clay|feldspars?|quartz|sand|silica|shale|marl|talc|"
                      r"wollastonite|nepheline|glazes?|frits?|engobe|chamotte|grog|bentonite|calcite|limestone|dolomite)\b",
    # the body of tableware is a ceramic body: the ceramic inputs carry the class (a paper cup or a steel plate
    # has none)
    "tableware_firing": r"\b(clays?|kaolin\w*|ball clay|china clay|feldspars?|quartz|silica|talc|nepheline|"
                        r"bone ash|glazes?|frits?|alumina|stoneware body|porcelain body)\b",
    "sanitary_ceramics": r"\b(clays?|kaolin\w*|ball clay|china clay|feldspars?|quartz|sand|silica|talc|nepheline|"
                         r"glazes?|frits?|chamotte|grog|bentonite|calcite|limestone|dolomite)\b",
    "structural_ceramics": r"\b(clays?|shale|marl|loam|brick earth|sand|chamotte|grog|sawdust|limestone|chalk|"
                           r"fly ash|kaolin\w*)\b",
    "lime_clinker_burning": r"\b(limestone|chalk|calcite|calcium carbonate|marl|dolomite|clay|shale|sand|"
                            r"iron ore|bauxite|fly ash|raw meal|mill scale)\b",
    "cement_grinding": r"\b(clinker|cement clinker|gypsum|anhydrite|slag|ggbs|fly ash|limestone|pozzolana?|"
                       r"silica fume|calcined clay|burnt shale|natural pozzolan)\b",
    "glass_products": r"\bglass\b",
    # a glass article melted from its batch: the batch backs it (bought glass backs glass_products instead)
    "domestic_glass": r"\b(sand|cullet|soda|soda ash|limestone|dolomite|feldspar|silica|broken glass|recycled glass|"
                      r"nepheline|glass batch|boric acid|borax|colemanite|potash|potassium carbonate|lead oxide|"
                      r"alumina|sodium sulfate|sodium sulphate)\b",
    "autoclaved_curing": r"\b(cement|portland|lime|quicklime|hydrated lime|sand|silica|quartz|fly ash|slag|"
                         r"gypsum|anhydrite|limestone|cellulose|pulp|fib(re|er)s?|aluminium powder|aluminum powder)\b",
    "aggregate_crushing": r"\b(limestone|dolomite|granite|gravel|sand|rock|stone|basalt|chalk|sandstone|greywacke|"
                          r"gritstone|quartzite|diorite|andesite|crushed concrete|aggregates?)\b",
    "concrete_mixing": r"\b(cement|concrete|aggregates?|sand|gravel|fly ash|slag|admixtures?|plasticis\w*|"
                       r"plasticiz\w*|crushed (stone|rock)|limestone filler|mortar|binder)\b",
    "wood_panels": r"\b(wood\w*|chips?|particles?|fib(re|er)s?|strands?|flakes?|sawdust|shavings|resins?|"
                   r"\w*formaldehyde|mdi|pmdi|wax|paraffin|binder)\b",
    "wood_fibre_boards": r"\b(wood\w*|chips?|fib(re|er)s?|sawdust|shavings|\w*formaldehyde|mdi|pmdi|"
                         r"polyurethane resin|wax|paraffin|binder|aluminium sulfate|aluminium sulphate|latex)\b",
    "wood_products": r"\b(wood\w*|timber|lumber|plywood|mdf|hdf|chipboard|particleboard|osb|beech|oak|pine|spruce|"
                     r"birch|fir|veneer|sawn|hardwood|softwood|glulam)\b",
    "metal_remelting": r"\b(aluminium|aluminum|steel|iron|copper|zinc|scrap|alloy\w*|ingots?|metal)\b",
    "metal_products": r"\b(aluminium|aluminum|steel|iron|copper|zinc|brass|bronze|metal|nails?|screws?|bolts?|"
                      r"wire|tinplate)\b",
    "plastics_compounding": r"\b(poly\w*|pa ?6+|eva|pvb|plastics?|granulate|resin|glass fib\w*|talc|masterbatch)\b",
    "plastic_conversion": r"\b(poly\w*|plastics?|pe|pp|pet|ps|pvc|abs|hdpe|ldpe|lldpe|ink|masterbatch)\b",
    "frying": r"\b(potato(es)?|maize|corn|tortillas?|plantains?|cassava|vegetables?|beetroot|parsnips?|"
              r"sweet potato(es)?|sunflower oil|rapeseed oil|palm oil|palm olein|vegetable oil|frying oil|"
              r"\w+ oil|salt|seasoning)\b",
    "sugar_confectionery": r"\b(sugars?|glucose( syrup)?|glucose-fructose syrup|dextrose|fructose|invert sugar|"
                           r"syrups?|gelatine?|pectin|gum arabic|starch|maltodextrin|honey|almonds?|milk|"
                           r"condensed milk|butter|cream|molasses|treacle)\b",
    "plant_drink": r"\b(soy\w*|soya|soya ?beans?|soy ?beans?|oats?|oat \w+|almonds?|almond paste|rice|hazelnuts?|"
                   r"hazelnut paste|cashews?|coconut\w*|peas?|pea protein|hemp\w*|spelt|barley)\b",
    "cellulose_insulation": r"\b(recovered (news)?paper|newspapers?|newsprint|waste paper|recovered fib(re|er)|"
                            r"recycled (news)?paper|old newspapers?|onp|paper waste|recycled cellulose|cellulose fib(re|er)s?)\b",
    "tofu_making": r"\b(soy\w*|soya|soya ?beans?|soy ?beans?|edamame)\b",
    "footwear": r"\b(leather|suede|nubuck|rubber|eva|ethylene[- ]vinyl acetate|polyurethane|pu|tpu|tpr|pvc|foam|"
                r"textiles?|fabrics?|mesh|canvas|lining|polyester|nylon|polyamide|cotton|wool|felt|cork|soles?|"
                r"outsoles?|midsoles?|insoles?|uppers?|laces?|heel counters?|toe caps?|adhesives?|cement)\b",
    # a cellulose fibre is spun from dissolving pulp: the pulp (not a viscose fibre bought in) backs the class,
    # so a viscose dress made of viscose fibre stays a textile
    "regenerated_cellulose": r"\b(dissolving pulp|dissolving wood pulp|pulp|cellulose pulp|wood pulp|cotton linters?|"
                             r"dissolving cellulose)\b",
    "textiles": r"\b(wool|cotton|polyester|fib(re|er)s?|yarn|elastane|spandex|viscose|lyocell|modal|nylon|linen|"
                r"flax|hemp|jute|silk|acrylic|polyamide|fabrics?|cloth|cashmere|alpaca|mohair)\b",
    "pcb_fabrication": r"\b(fr-?4|laminates?|copper[- ]clad|ccl|prepregs?|copper foils?|copper|epoxy\w*|"
                       r"glass (fib(re|er)|fabric|cloth)|e-glass|solder ?mask|solder resist|polyimide)\b",
    "electronics_assembly": _POPULATED_BOARD + r"|\b(printed (circuit|wiring) boards?|pcbs?|integrated circuits?|"
                            r"ics|microchips?|memory chips?|memory modules?|semiconductors?|processors?|electronic\w*|displays?|lcd|oled|"
                            r"screens?|touch ?screens?|batter(y|ies)|capacitors?|resistors?|inductors?|transistors?|"
                            r"diodes?|leds?|power (supply|supplies|adapters?)|chargers?|hard (disk|drive)s?|hdd|"
                            r"ssds?|solid[- ]state drives?|speakers?|microphones?|camera modules?|keyboards?|"
                            r"transformers?)\b",
    "machinery_assembly": r"\b(aluminium|aluminum|steel|iron|copper|zinc|brass|bronze|metal|poly\w*|plastics?|"
                          r"abs|pp|pe|pvc|rubber|epdm|motors?|compressors?|heating elements?|gears?|bearings?)\b",
    # the food's own ingredients (this once read the pattern list by position, and when beer moved to the front
    # the beverage words stood for food inputs: milk, meat or butter backed no food class)
    "food_processing": _FOOD_INPUT_WORDS,
    # fermentation is backed by its carbohydrate feedstock (a name alone is not enough: bought citric acid
    # blended into a cleaner is formulation, not fermentation)
    "fermentation": r"\b(corn|maize|glucose|dextrose|sucrose|sugar|molasses|starch|wheat|cassava|tapioca|"
                    r"sugar ?beets?|sugar ?cane|syrup|hydrolysate|grain)\b",
    "beverages": r"\b(fruit|juice|concentrates?|sugar|sweeteners?|malt|hops|barley|grapes?|coffee|tea)\b",
    "brewing": r"\b(malt\w*|barley|hops?|wheat|rice|maize|corn|grits|sugar|syrup|yeast)\b",
}
#: The process chemicals of a fermentation route (nutrients, pH control, precipitation and acidulation of the
#: product): evidence for fermentation only once its carbohydrate feedstock carries MIN_CLASS_SHARE of the mass
#: (without the feedstock, sodium hydroxide + bought lactic acid is a neutralisation, not a fermentation).
_FERMENTATION_AUXILIARIES = re.compile(
    r"\b(sodium hydroxide|caustic soda|calcium carbonate|calcium hydroxide|lime|limestone|ammonia|ammonium \w+|"
    r"sulfuric acid|sulphuric acid|phosphoric acid|potassium \w+|yeast extract|corn steep liquor|nutrients?)\b", re.I)
#: Classes for which water is a typical input when the product names the class.
_WATER_CLASSES = frozenset({"beverages", "plant_drink", "brewing", "food_processing", "tofu_making", "concrete_mixing",
                            "chemical_formulation", "chemical_synthesis"})
#: Water as an input, also the water a drink is made of ("mineral water", "spring water" in bottled water).
_WATER = re.compile(r"^\s*(water|tap water|process water|demineral\w* water|drinking water|(natural )?mineral water|"
                    r"spring water|still water|sparkling water|carbonated water|table water|purified water)\b", re.I)
_FOOD_CLASSES = frozenset({"legume", "fruit", "vegetable", "tuber", "nut-oilseed", "cereal", "spice", "herb"})

#: A component under this share of the product's mass never sets the product class (3% steel nails do not
#: make a wooden pallet a metal product).
MIN_CLASS_SHARE = 0.2
#: With no class named by the text and backed by mass, the class whose inputs carry at least this share of
#: the mass is chosen (the material that makes up most of the product); else general manufacturing.
MASS_MAJORITY = 0.5
#: Classes a composition alone can point to (the forming step of each material family), in tie order.
_MASS_CLASSES = ("glass_melting", "concrete_mixing", "wood_products", "metal_products", "plastic_conversion",
                 "textiles", "food_processing", "glass_products", "chemical_formulation", "electronics_assembly")


#: A class named by the product that is a special case of another it also names: when both are backed by mass, the
#: special case wins (the general class's inputs back it too: water and nuts back "beverages").
_SPECIFIC_OVER_GENERAL: tuple[tuple[str, str], ...] = (("plant_drink", "beverages"), ("plant_drink", "food_processing"),
                                                     ("sugar_confectionery", "food_processing"))


#: A glass article: the word glass (or a glass type) with a tableware, vessel or kitchenware word anywhere in the
#: name ("glass salad bowl", "borosilicate glass oven dish", "blown glass vase").
_GLASS_ARTICLE = re.compile(
    r"\b(glass|borosilicate|soda-?lime|crystal|pressed|blown)\b.*\b(tumblers?|bowls?|vases?|jugs?|carafes?|"
    r"decanters?|pitchers?|mugs?|cups?|plates?|dish(es)?|ovenware|bakeware|cookware|teapots?|tableware|dinnerware|"
    r"stemware|goblets?|candle holders?)\b|"
    r"\b(tumblers?|bowls?|vases?|jugs?|carafes?|decanters?|mugs?|cups?|plates?|dish(es)?|teapots?|goblets?)\b.*"
    r"\b(of|in|from) (glass|borosilicate|soda-?lime glass|crystal)\b")
_GLASS_CERAMIC = re.compile(r"\b(glass[- ]ceramics?|glazed?|glazing)\b")


def _accessory_of_a_machine(lowered: str) -> bool:
    """True when the text names a product *for* a machine: an accessory word (helmet, tablets, filter …) that is
    the head of the name, i.e. no machine word comes after it ("coffee machine filter", "bike helmet"). A machine
    word after the accessory word names the machine ("drip filter coffee maker", "tablet printer")."""
    machines = [m.span() for m in re.finditer(MACHINE_WORDS, lowered)]
    # an accessory word inside a machine's own name ("vacuum cleaner") is the machine, not an accessory
    acc = [m.start() for m in _FOR_A_MACHINE.finditer(lowered)
           if not any(a <= m.start() < b for a, b in machines)]
    if not acc:
        return False
    return not machines or max(acc) > max(a for a, _ in machines)


def _classes(text: str) -> list[str]:
    lowered = text.lower()
    out = [cls for cls, pattern in _CLASS_PATTERNS if re.search(pattern, lowered)]
    if "pcb_fabrication" in out and re.search(_POPULATED_BOARD, lowered):
        out.remove("pcb_fabrication")  # a populated board is assembled, not fabricated from laminate
    if "aggregate_crushing" in out and "concrete_mixing" in out:
        # the head names the product: "recycled concrete aggregate" is crushed, "concrete with recycled aggregate"
        # is mixed
        head = re.split(r"\s(?:with|in|for|from|containing|made of)\s|,", lowered)[0]
        last = {c: max((m.start() for m in re.finditer(_CLASS_PATTERN_OF[c], head)), default=-1)
                for c in ("aggregate_crushing", "concrete_mixing")}
        out.remove("concrete_mixing" if last["aggregate_crushing"] > last["concrete_mixing"] else "aggregate_crushing")
    if "footwear" in out and _FOR_FOOTWEAR.search(lowered):
        out.remove("footwear")  # shoe polish, a shoe box or a boot rack is not the shoe
    if _GLASS_ARTICLE.search(lowered) and not _GLASS_CERAMIC.search(lowered):
        # a glass bowl, vase or oven dish is glassware, not fired ceramic tableware
        out = [c for c in out if c not in ("tableware_firing", "ceramic_firing")]
        if "domestic_glass" not in out:
            out.insert(out.index("glass_products") if "glass_products" in out else len(out), "domestic_glass")
    if "machinery_assembly" in out and _accessory_of_a_machine(lowered):
        out.remove("machinery_assembly")  # a bike helmet or dishwasher tablets are not the machine
    return out


def _supports(cls: str, name: str) -> bool:
    """True when a component named ``name`` is a typical input of ``cls``."""
    lowered = name.lower()
    pattern = _CLASS_INPUTS.get(cls)
    if pattern and re.search(pattern, lowered):
        return True
    if cls in ("chemical_formulation", "chemical_synthesis", "food_processing", "beverages", "plant_drink", "brewing",
               "sugar_confectionery"):
        from openpcf.factors.material_class import material_class

        kind = material_class(name)
        if cls.startswith("chemical"):
            return kind in ("inorganic chemical", "organic chemical")
        return kind in _FOOD_CLASSES
    return False


def class_evidence(components: list[tuple[str, float]], *, water_for: frozenset[str] = frozenset()) -> dict[str, float]:
    """Share of the product's mass (0–1) whose component names are typical inputs of each class.

    ``components`` are ``(name, mass)`` pairs (any unit; normalised here). Water counts only for the classes
    in ``water_for``.
    """
    total = sum(max(m, 0.0) for _, m in components)
    if total <= 0:
        return {}
    by_name: dict[str, float] = {}  # the evidence depends on the name only: a 10,000-line BOM has few names
    for name, m in components:
        by_name[name] = by_name.get(name, 0.0) + m
    out: dict[str, float] = {}
    for cls in (*_CLASS_INPUTS, "chemical_formulation", "chemical_synthesis"):
        share = 0.0
        for name, m in by_name.items():
            if _WATER.search(name):
                share += m if cls in water_for else 0.0
            elif _supports(cls, name):
                share += m
        if cls == "fermentation" and share >= MIN_CLASS_SHARE * total:
            share += sum(m for name, m in by_name.items()
                         if _FERMENTATION_AUXILIARIES.search(name) and not _supports(cls, name))
        if share > 0:
            out[cls] = share / total
    return out


def infer_product_class(name: str, description: str | None = None,
                        components: list[tuple[str, float]] | list[str] | None = None) -> str:
    """The product class for process energy, from mass-weighted evidence.

    1. The classes the product name points to (then the description's) are candidates; a candidate is
       kept only when components that are typical inputs of that class carry at least
       :data:`MIN_CLASS_SHARE` of the mass (words count only together with the material that carries the
       mass); among those kept, the best-supported wins (ties: pattern order).
    2. Else the class whose typical inputs carry at least :data:`MASS_MAJORITY` of the mass; or, for chemicals
       (≥ :data:`MIN_CLASS_SHARE`) in water that together carry that majority, ``chemical_formulation``.
    3. Else ``general_manufacturing`` (the documented fallback).

    A food whose name says it is sealed in its container and heat-treated there (canned, tinned, in jars,
    sterilised) or whose components include its can or jar (tinplate, a steel can, a glass jar) is
    ``food_canning`` rather than ``food_processing`` (:func:`is_heat_preserved`); a food whose name names a
    baked good (bread, biscuits, cakes …) is ``baking`` (:func:`is_baked_good`).

    ``components`` are ``(name, mass or share)`` pairs (bare names count equally). Without components the
    first class the name (then the description) points to is used.
    """
    cls = _infer_product_class(name, description, components)
    names = [c if isinstance(c, str) else c[0] for c in (components or [])]
    if cls in ("food_processing", "plant_drink") and (is_heat_preserved(name) or any(_CAN_OR_JAR.search(c) for c in names)):
        return "food_canning"  # a food sealed in its can or jar and sterilised there
    if cls == "food_processing" and is_baked_good(name):
        return "baking"  # bread, biscuits, cakes: baked from bought flour
    if cls == "footwear" and moulded_footwear(name, description, components):
        return "moulded_footwear"  # a one-piece PVC or rubber boot, a clog: moulded, no cut and stitched upper
    if cls == "wood_products" and solid_wood_article(name) and solid_wood_share(components) >= MASS_MAJORITY:
        return "solid_wood_furniture"  # a table, chair, bench or door machined and finished from sawn timber
    return cls


#: The wood words of a sawn solid-wood input (species, "sawn", "timber" …); panels and residues are excluded by
#: :func:`is_solid_wood`.
_SOLID_WOOD_INPUT = re.compile(r"\b(wood\w*|timber|lumber|beech|oak|pine|spruce|birch|ash|maple|walnut|cherry|teak|"
                               r"acacia|eucalyptus|mahogany|larch|fir|chestnut|elm|sawn|hardwood|softwood)\b",
                               re.I)


def solid_wood_share(components: list[tuple[str, float]] | list[str] | None) -> float:
    """Share of the listed mass (0–1) that is sawn solid wood by its name (not a panel, veneer or residue); 0
    without components. Pure."""
    return _share_of(_weighted(components), lambda c: bool(_SOLID_WOOD_INPUT.search(c)) and is_solid_wood(c, None))


#: The glass former of a melted batch or melt (silica sand, cullet, a melting rock, slag): without it a mineral
#: composition is no glass batch.
_GLASS_FORMER = re.compile(r"\b(sand|silica|quartz|cullet|broken glass|recycled glass|glass batch|container glass|"
                           r"bottle glass|hollow glass|flint glass|amber glass|nepheline|feldspar|basalt|diabase|gabbro|"
                           r"anorthosite|slag)\b", re.I)




def _infer_product_class(name: str, description: str | None,
                         components: list[tuple[str, float]] | list[str] | None) -> str:
    comps = _weighted(components)
    if not comps:
        for text in (name, description or ""):
            candidates = _classes(text)
            if candidates:
                return candidates[0]
        return "general_manufacturing"
    for text in (name, description or ""):
        candidates = _classes(text)
        if not candidates:
            continue
        evidence = class_evidence(comps, water_for=frozenset(candidates) & _WATER_CLASSES)
        backed = [c for c in candidates if evidence.get(c, 0.0) >= MIN_CLASS_SHARE]
        for specific, general in _SPECIFIC_OVER_GENERAL:
            if specific in backed and general in backed:
                backed.remove(general)  # "Hazelnut drink": a plant drink, though any drink's inputs back "beverages"
        if backed:
            return max(backed, key=lambda c: (evidence[c], -candidates.index(c)))
    evidence = class_evidence(comps)
    ranked = [c for c in _MASS_CLASSES if evidence.get(c, 0.0) >= MASS_MAJORITY]
    if "glass_melting" in ranked and _share_of(comps, _GLASS_FORMER.search) < MIN_CLASS_SHARE:
        # a glass batch is melted around its former (sand, cullet, a melting rock); limestone, dolomite or soda ash
        # alone are a quarried or made mineral, not a batch ("Ground limestone filler": 100 % limestone)
        ranked.remove("glass_melting")
    if ranked:
        return max(ranked, key=lambda c: (evidence[c], -_MASS_CLASSES.index(c)))
    # An aqueous formulation: chemicals dissolved or dispersed in water (a cleaner, a coagulant, a biocide
    # solution) is made by mixing, whatever its name says — water and chemicals together carry the majority
    # of the mass and the chemicals at least MIN_CLASS_SHARE.
    total = sum(m for _, m in comps)
    water = sum(m for c, m in comps if _WATER.search(c)) / total
    chemicals = evidence.get("chemical_formulation", 0.0)
    if chemicals >= MIN_CLASS_SHARE and chemicals + water >= MASS_MAJORITY:
        return "chemical_formulation"
    return "general_manufacturing"


#: Product classes whose default energy is a further step on goods bought already formed (cutting and
#: tempering bought flat glass; drilling, plating and etching bought laminate into a board; mounting and
#: assembling bought parts): a factor covering the conversion of the bought good does not cover it.
FURTHER_STEP_CLASSES = frozenset({"glass_products", "pcb_fabrication", "electronics_assembly", "food_canning", "baking",
                                  "machinery_assembly", "autoclaved_curing", "regenerated_cellulose", "footwear",
                                  "moulded_footwear", "frying", "tofu_making", "plant_drink", "solid_wood_furniture",
                                  "sugar_confectionery", "wood_fibre_boards"})


#: Formed metal products a factor can be *for* (not only the metal they are made of). When the product's name
#: and the name of an input's factor name the same formed product — a galvanised coil on a "galvanized steel
#: sheet, at plant" factor, a food can of tinplate on a "steel cans" factor — the factor's boundary already
#: includes the rolling, coating or can-making that the ``metal_products`` default stands for: adding the
#: default again would count that step twice. A factor that says it excludes forming never covers it.
FORMED_METAL_PRODUCTS: dict[str, str] = {
    "flat-rolled product (sheet, coil, strip)": r"\b(sheets?|coils?|strips?)\b",
    "can": r"\bcans?\b",
    "foil": r"\bfoils?\b",
    "wire": r"\bwires?\b",
    "pipe or tube": r"\b(pipes?|tubes?)\b",
}
#: "excluding forming", and a sheet sold "not formed" ("Tinplate (… for cans …), not formed"): the factor stops
#: before the can-making or other forming its name mentions as a use.
_EXCLUDES_FORMING = re.compile(r"\b(?:(?:excl\.?|excluding|without|w/o|no)\s+(?:forming|fabrication|conversion)|"
                               r"not\s+(?:formed|fabricated|converted)|unformed)\b", re.I)


def formed_product_in_factor(product_name: str, factor_name: str, product_class: str) -> str | None:
    """The formed metal product that both the product's name and its input's factor name name (the factor
    then covers the forming step of the ``metal_products`` default), else None. Only for that class: the
    other classes' steps are not a forming of the bought good."""
    if product_class != "metal_products" or _EXCLUDES_FORMING.search(factor_name):
        return None
    for label, pattern in FORMED_METAL_PRODUCTS.items():
        if re.search(pattern, product_name, re.I) and re.search(pattern, factor_name, re.I):
            return label
    return None


#: Fuels a process-heat line can burn, and the words that name each in an energy line's name.
FUEL_WORDS: dict[str, str] = {
    "hard coal": r"\b(hard coal|coal|anthracite|bituminous)\b",
    "petroleum coke": r"\b(petroleum coke|pet-?coke)\b",
    "coke": r"\b(coke|foundry coke|metallurgical coke)\b",
    "fuel oil": r"\b(fuel oil|heavy fuel oil|hfo|residual oil)\b",
    "natural gas": r"\b(natural gas|gas)\b",
}

#: The fuel of each class's default heat, by region (ISO alpha-2), where a general public source says the
#: region's kilns burn mainly another fuel than natural gas; everywhere else the default is natural gas
#: (the documented default: European glass, ceramic and brick plants fire mainly natural gas — EU BREFs for
#: the Manufacture of Glass, JRC 2013, and the Ceramic Manufacturing Industry, JRC 2007; recalled).
KILN_FUEL_BY_REGION: dict[str, dict[str, str]] = {
    # Cement clinker and lime kilns in China and India burn mainly coal (India also petroleum coke): the
    # fuel mix of the GCCA "Getting the Numbers Right" database by region and the IEA/WBCSD cement technology
    # roadmaps for China (2009) and India (2013) (recalled; no values taken from them).
    "lime_clinker_burning": {"CN": "hard coal", "IN": "hard coal"},
    # Brick kilns in China and South Asia (clamp, Bull's trench, zigzag, Hoffmann and tunnel kilns) are fired
    # with coal, in South Asia also with biomass (World Bank / ICIMOD brick-sector studies for Bangladesh,
    # Nepal and India, 2011–2017; recalled). Coal is used here: the biomass share is not known per product.
    "structural_ceramics": {"CN": "hard coal", "IN": "hard coal", "BD": "hard coal", "PK": "hard coal",
                            "NP": "hard coal", "VN": "hard coal"},
}


#: The fuel of a class's default heat named by the product itself, whatever the region: (class, product words,
#: fuel). Stone (rock) wool is melted mainly in coke-fired cupolas (hot-blast or cold-blast), with some
#: electric and gas-fired furnaces (EU BREF for the Manufacture of Glass, JRC 2013, mineral wool sector; recalled),
#: glass wool in gas-fired or electric furnaces like other glass (the class default).
PRODUCT_FUEL: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("glass_melting", re.compile(r"\b(stone ?wool|rock ?wool|rockwool|slag ?wool|rock mineral wool)\b", re.IGNORECASE), "coke"),
)
#: A text that names a furnace other than the cupola (and no cupola) keeps the class's default fuel.
_OTHER_FURNACE = re.compile(r"\b(electric(ally)?[- ]?(melted|melting|furnaces?|arc)|gas[- ]fired|oxy[- ]?fuel)\b", re.IGNORECASE)
_CUPOLA = re.compile(r"\bcupolas?\b", re.IGNORECASE)


def process_fuel(product_class: str, region_code: str | None, product_name: str | None = None,
                 description: str | None = None) -> str:
    """The fuel of a class's default process heat: the fuel the product's own name (else description) names
    by :data:`PRODUCT_FUEL` (stone wool: coke, unless the text names only another furnace), else
    :data:`KILN_FUEL_BY_REGION` where a general source says the region's kilns burn another fuel, else
    natural gas (the documented default)."""
    text = " ".join(t for t in (product_name, description) if t)
    for cls, words, fuel in PRODUCT_FUEL:
        if cls == product_class and words.search(text) and (_CUPOLA.search(text) or not _OTHER_FURNACE.search(text)):
            return fuel
    return KILN_FUEL_BY_REGION.get(product_class, {}).get((region_code or "").upper(), "natural gas")


def fuel_in(line_name: str) -> str | None:
    """The fuel an energy line's name names ("process heat (hard coal)" → "hard coal"), else None."""
    for fuel, pattern in FUEL_WORDS.items():
        if re.search(pattern, line_name, re.I):
            return fuel
    return None


def conversion_covered(stages: list[str] | tuple[str, ...], product_class: str) -> bool:
    """True when a factor with these ``stages`` already includes the conversion step the product class's
    process-energy default stands for (a factor that states no stages covers material production only)."""
    return "conversion" in stages and product_class not in FURTHER_STEP_CLASSES


def energy_default(product_class: str) -> EnergyDefault:
    """The default for a class; unknown classes fall back to general manufacturing."""
    return ENERGY_DEFAULTS.get(product_class, ENERGY_DEFAULTS["general_manufacturing"])


@dataclass(frozen=True)
class ContainerDefault:
    """A sales container implied by a packed food or drink's name, per kg of packed contents.

    ``query`` is the factor lookup of the container's material as made into packaging; ``classes`` the
    product classes whose name word implies it (a drink can is aluminium, a food can tinplate steel)."""

    pattern: str
    name: str
    kg_per_kg: float
    basis: str
    query: str
    classes: frozenset[str] = frozenset({"food_processing", "food_canning", "baking", "beverages", "plant_drink",
                                         "brewing"})


_FOOD = frozenset({"food_processing", "food_canning", "baking"})
#: Typical container masses per kg of contents (assumptions from common container sizes and weights,
#: **recalled**, not measured; users override them by listing the container in the composition or BOM).
CONTAINER_DEFAULTS: tuple[ContainerDefault, ...] = (
    ContainerDefault(r"\b(glass jars?|jars?|jarred|glass bottles?|in glass)\b", "glass container", 0.5,
                     "assumption: a 370–720 ml food jar or bottle weighs roughly 0.2–0.4 kg of glass (recalled "
                     "typical jar weights)", "glass"),
    ContainerDefault(r"\b(cans?|canned|tins?|tinned)\b", "aluminium drink can", 0.045,
                     "assumption: a 330 ml aluminium beverage can (body and end) weighs roughly 13–15 g (recalled "
                     "typical can weights)", "aluminium cans and foil (excl. forming), primary production",
                     frozenset({"beverages", "plant_drink", "brewing"})),
    ContainerDefault(r"\b(cans?|canned|tins?|tinned)\b", "steel food can", 0.12,
                     "assumption: a 400 g tinplate food can (body and ends) weighs roughly 45–60 g (recalled typical "
                     "can weights)", "steel cans, primary production", _FOOD),
    ContainerDefault(r"\b(pet bottles?|plastic bottles?)\b", "PET bottle", 0.04,
                     "assumption: a 0.5–1.5 l PET bottle weighs roughly 20–40 g (recalled typical bottle weights)",
                     "PET"),
    ContainerDefault(r"(?<!glass )\b(bottles?|bottled)\b", "PET bottle", 0.04,
                     "assumption: a drink said to be bottled, in no named material, is in a PET bottle (most bottled "
                     "water and soft drinks); a 0.5-1.5 l PET bottle weighs roughly 20-40 g (recalled typical bottle "
                     "weights)", "PET", frozenset({"beverages", "plant_drink"})),
    ContainerDefault(r"\b(cartons?|tetra ?pak|brick)\b", "beverage carton", 0.03,
                     "assumption: a 1 l beverage carton weighs roughly 25–30 g (recalled typical carton weights)",
                     "paper and board: board"),
)

#: Words of a food preserved by heat in its sealed container (canned, tinned, jarred, retorted, sterilised).
_RETORTED = re.compile(r"\b(cans?|canned|tins?|tinned|jars?|jarred|retort\w*|sterili[sz]ed|in glass|preserves?)\b|"
                       r"\bcan \d", re.I)


#: A food's component that is its can or jar (the food is then sealed in it and heat-treated there).
_CAN_OR_JAR = re.compile(r"\b(tinplate|tin ?plate|(steel|tin|food|metal) cans?|cans?|glass jars?|jars?)\b", re.I)


#: Words of a baked good, and words that make the name something else (a flour or a mix for baking).
_BAKED = re.compile(r"\b(bread|breads|loaf|loaves|baguettes?|buns?|biscuits?|cookies?|crackers?|cakes?|pastr(y|ies)|"
                    r"croissants?|muffins?|brioches?|rusks?|crispbreads?|bagels?|baked goods|bakery products?)\b", re.I)
_NOT_BAKED = re.compile(r"\b(flours?|mix(es)?|dough|crumbs?|improvers?|fish ?cakes?|rice ?cakes?|potato ?cakes?)\b", re.I)


def is_baked_good(product_name: str) -> bool:
    """True when a food's name names a baked good ("White wheat bread", "Butter biscuits") and not a flour or
    a mix for one ("Bread flour", "Cake mix"): its oven step is then a further step on the bought flour."""
    return bool(_BAKED.search(product_name)) and not _NOT_BAKED.search(product_name)


def is_heat_preserved(product_name: str) -> bool:
    """True when a food's name says it is sealed in its container and heat-treated there ("Chickpeas,
    canned", "Tomato sauce in jars", "Tuna tin"): the retort or pasteurising heat is part of its making."""
    return bool(_RETORTED.search(product_name))


#: Declared-unit nouns that name a sales container ("1 can", "1 bottle (0.5 l)"): the unit says a packed item.
_CONTAINER_UNIT = re.compile(r"^\s*(\d+(\.\d+)?\s*)?(cans?|tins?|bottles?|jars?|cartons?)\b", re.I)


def implied_container(product_name: str, product_class: str, declared_unit: str | None = None
                      ) -> ContainerDefault | None:
    """The container a packed food or drink's name implies ("Sweetcorn can 340g" → steel food can, "Cola can"
    → aluminium drink can, "Still water, bottled" → PET bottle), or its declared unit when that counts
    containers ("1 can", "1 bottle"), else None. Only for food and beverage classes: for other products a jar
    or can is the product itself. A name that names no container and a unit in kg or litres imply none: no
    packaging is added that neither the composition nor the name nor the unit says."""
    if product_class not in ("food_processing", "food_canning", "baking", "beverages", "plant_drink", "brewing"):
        return None
    unit_words = declared_unit if declared_unit and _CONTAINER_UNIT.search(declared_unit) else ""
    lowered = f"{product_name} {unit_words}".lower()
    for c in CONTAINER_DEFAULTS:
        if product_class in c.classes and re.search(c.pattern, lowered):
            return c
    return None
