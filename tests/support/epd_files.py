"""An ILCD+EPD XML data set and an openEPD JSON document, written for the tests from the formats' published
structure (invented product and numbers)."""

from __future__ import annotations

import json
from typing import Any

ILCD_EPD_XML = """<?xml version="1.0" encoding="UTF-8"?>
<process:processDataSet xmlns:process="http://lca.jrc.it/ILCD/Process" xmlns:common="http://lca.jrc.it/ILCD/Common"
    xmlns:epd="http://www.iai.kit.edu/EPD/2013" xmlns:epd2="http://www.indata.network/EPD/2019"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.1">
  <process:processInformation>
    <process:dataSetInformation>
      <common:UUID>0b7e4c7e-1f7a-4c1e-9b1a-7d2f3c4b5a69</common:UUID>
      <process:name>
        <process:baseName xml:lang="de">Mineralwolle-D\u00e4mmplatte</process:baseName>
        <process:baseName xml:lang="en">Stone wool insulation board</process:baseName>
        <process:functionalUnitFlowProperties xml:lang="en">1 m3 at 140 kg/m3</process:functionalUnitFlowProperties>
      </process:name>
    </process:dataSetInformation>
    <process:quantitativeReference type="Reference flow(s)">
      <process:referenceToReferenceFlow>7</process:referenceToReferenceFlow>
    </process:quantitativeReference>
    <process:time>
      <common:referenceYear>2023</common:referenceYear>
      <common:dataSetValidUntil>2028</common:dataSetValidUntil>
      <epd2:publicationDateOfEPD>2023-06-15</epd2:publicationDateOfEPD>
    </process:time>
    <process:geography>
      <process:locationOfOperationSupplyOrProduction location="DE"/>
    </process:geography>
  </process:processInformation>
  <process:modellingAndValidation>
    <process:LCIMethodAndAllocation>
      <process:typeOfDataSet>EPD</process:typeOfDataSet>
      <process:referenceToLCAMethodDetails type="source data set" refObjectId="2f0e7a55-0c55-4d3f-a1b6-000000000001">
        <common:shortDescription xml:lang="en">Example PCR Part B: insulating materials, v1.2</common:shortDescription>
      </process:referenceToLCAMethodDetails>
    </process:LCIMethodAndAllocation>
  </process:modellingAndValidation>
  <process:administrativeInformation>
    <process:publicationAndOwnership>
      <common:dataSetVersion>00.01.000</common:dataSetVersion>
      <common:registrationNumber>EX-EPD-INS-2023-117</common:registrationNumber>
      <common:referenceToRegistrationAuthority type="contact data set" refObjectId="2f0e7a55-0c55-4d3f-a1b6-000000000002">
        <common:shortDescription xml:lang="en">Example Institute for Construction EPDs</common:shortDescription>
      </common:referenceToRegistrationAuthority>
    </process:publicationAndOwnership>
  </process:administrativeInformation>
  <process:exchanges>
    <process:exchange dataSetInternalID="3">
      <process:referenceToFlowDataSet type="flow data set" refObjectId="aaaaaaaa-0000-0000-0000-000000000003">
        <common:shortDescription xml:lang="en">Electricity input</common:shortDescription>
      </process:referenceToFlowDataSet>
      <process:exchangeDirection>Input</process:exchangeDirection>
      <process:meanAmount>12</process:meanAmount>
    </process:exchange>
    <process:exchange dataSetInternalID="7">
      <process:referenceToFlowDataSet type="flow data set" refObjectId="aaaaaaaa-0000-0000-0000-000000000007">
        <common:shortDescription xml:lang="en">Stone wool insulation board</common:shortDescription>
      </process:referenceToFlowDataSet>
      <process:exchangeDirection>Output</process:exchangeDirection>
      <process:meanAmount>1.0</process:meanAmount>
      <process:resultingAmount>1.0</process:resultingAmount>
      <common:other>
        <epd2:referenceToUnitGroupDataSet type="unit group data set" refObjectId="93a60a57-a3c8-22da-a746-0800200c9a66">
          <common:shortDescription xml:lang="en">Units of volume</common:shortDescription>
        </epd2:referenceToUnitGroupDataSet>
      </common:other>
    </process:exchange>
  </process:exchanges>
  <process:LCIAResults>
    <process:LCIAResult>
      <process:referenceToLCIAMethodDataSet type="LCIA method data set" refObjectId="bbbbbbbb-0000-0000-0000-000000000001">
        <common:shortDescription xml:lang="en">Climate change - total (GWP-total)</common:shortDescription>
      </process:referenceToLCIAMethodDataSet>
      <process:meanAmount>0.0</process:meanAmount>
      <common:other>
        <epd:amount epd:module="A1-A3">198.4</epd:amount>
        <epd:amount epd:module="A4">6.1</epd:amount>
        <epd:amount epd:module="C3">0.85</epd:amount>
        <epd:amount epd:module="C4">2.3</epd:amount>
        <epd:amount epd:module="C4" epd:scenario="landfill">9.9</epd:amount>
        <epd:amount epd:module="D">-4.2</epd:amount>
        <epd2:referenceToUnitGroupDataSet type="unit group data set" refObjectId="1ebf3012-d0db-4de2-aefd-d9a3a0b3a8d2">
          <common:shortDescription xml:lang="en">kg CO2 eq.</common:shortDescription>
        </epd2:referenceToUnitGroupDataSet>
      </common:other>
    </process:LCIAResult>
    <process:LCIAResult>
      <process:referenceToLCIAMethodDataSet type="LCIA method data set" refObjectId="bbbbbbbb-0000-0000-0000-000000000002">
        <common:shortDescription xml:lang="en">Climate change - fossil (GWP-fossil)</common:shortDescription>
      </process:referenceToLCIAMethodDataSet>
      <process:meanAmount>0.0</process:meanAmount>
      <common:other>
        <epd:amount epd:module="A1-A3">196.0</epd:amount>
        <epd:amount epd:module="A4">6.0</epd:amount>
        <epd:amount epd:module="C3">ND</epd:amount>
      </common:other>
    </process:LCIAResult>
    <process:LCIAResult>
      <process:referenceToLCIAMethodDataSet type="LCIA method data set" refObjectId="bbbbbbbb-0000-0000-0000-000000000003">
        <common:shortDescription xml:lang="en">Ozone depletion potential (ODP)</common:shortDescription>
      </process:referenceToLCIAMethodDataSet>
      <process:meanAmount>0.0</process:meanAmount>
      <common:other><epd:amount epd:module="A1-A3">1.1E-06</epd:amount></common:other>
    </process:LCIAResult>
    <process:LCIAResult>
      <process:referenceToLCIAMethodDataSet type="LCIA method data set" refObjectId="bbbbbbbb-0000-0000-0000-000000000004">
        <common:shortDescription xml:lang="en">Climate change - land use and land use change (GWP-luluc)</common:shortDescription>
      </process:referenceToLCIAMethodDataSet>
      <process:meanAmount>0.0</process:meanAmount>
      <common:other><epd:amount epd:module="A1-A3">0.42</epd:amount></common:other>
    </process:LCIAResult>
  </process:LCIAResults>
</process:processDataSet>
"""


def openepd_document() -> dict[str, Any]:
    """An openEPD EPD document with two LCIA methods (EF 3.1 is read; TRACI is the other)."""
    return {
        "doctype": "openEPD",
        "openepd_version": "0.1",
        "id": "EXAMPLE01",
        "product_name": "Recycled steel rebar, 12 mm",
        "product_description": "Hot-rolled reinforcing bar from an electric arc furnace.",
        "declared_unit": {"qty": 1, "unit": "t"},
        "kg_per_declared_unit": {"amount": 1000, "unit": "kg"},
        "product_service_life_years": 100,
        "date_of_issue": "2024-09-01T00:00:00Z",
        "valid_until": "2029-08-31T00:00:00Z",
        "program_operator": {"name": "Example Programme Operator", "web_domain": "example.org"},
        "program_operator_doc_id": "EX-2024-0815",
        "pcr": {"name": "Example PCR for steel construction products v2"},
        "manufacturer": {"name": "Example Steelworks", "hq_location": {"country": "ES"}},
        "plants": [{"id": "plant-1", "name": "Example Steelworks mill", "location": {"country": "PT"}}],
        "applicable_in": ["150"],
        "impacts": {
            "TRACI 2.1": {"gwp": {"A1A2A3": {"mean": 640.0, "unit": "kgCO2e"}}},
            "EF 3.1": {
                "gwp": {"A1A2A3": {"mean": 655.5, "unit": "kgCO2e"}, "A4": {"mean": 22.0, "unit": "kgCO2e"},
                        "C3": {"mean": 1.5, "unit": "kgCO2e"}, "D": {"mean": -120.0, "unit": "kgCO2e"}},
                "gwp-fossil": {"A1A2A3": {"mean": 650.0, "unit": "kgCO2e"}},
                "gwp-biogenic": {"A1A2A3": {"mean": 2.5, "unit": "kgCO2e"}},
                "gwp-luluc": {"A1A2A3": {"mean": 3.0, "unit": "kgCO2e"}},
                "odp": {"A1A2A3": {"mean": 1e-06, "unit": "kgCFC11e"}},
            },
        },
    }


def openepd_json() -> str:
    return json.dumps(openepd_document(), indent=2)
