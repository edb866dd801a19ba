import { RowforgeError } from "../../errors/index.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { upTo } from "./faker-size.ts";
import { columnOf, fromList, joinedLists, localeColumn, localeList } from "./list-entries.ts";
import { type Draw, joinDraws, pickDraw, pickFrom, symbolFormat } from "./locale-draw.ts";
import { numberText } from "./table-draws.ts";
import { between, bothify, intArgOr, pick } from "./table-support.ts";
import * as w from "./word-lists.ts";

/** The expression table's nature, science, medicine and education: Animal, Cat, Dog, Weather, Mountain, Compass, Science, Space, Medical, Measurement, University and Educator. */

/** A whole number from `min` to `max` as text; an inverted range is an error. */
function rangeText(min: number, max: number): Draw {
  if (max < min) throw new RowforgeError("RF_RANGE_INVERTED", `range ${min}..${max} is inverted`);
  return numberText(min, max);
}

export const SCIENCE_METHODS: Readonly<Record<string, FakerEntry>> = {
  "Animal.name": localeList("animal.type", (f) => f.animal.type()),
  "Animal.scientificName": fromList(w.ANIMAL_SPECIES.map((r) => r.join(" "))),
  "Animal.genus": columnOf(w.ANIMAL_SPECIES, 0),
  "Animal.species": columnOf(w.ANIMAL_SPECIES, 1),
  "Cat.name": localeList("animal.pet_name", (f) => f.animal.petName()),
  "Cat.breed": localeList("animal.cat", (f) => f.animal.cat()),
  "Cat.registry": fromList(w.PETS.catRegistry),
  "Dog.name": localeList("animal.pet_name", (f) => f.animal.petName()),
  "Dog.breed": localeList("animal.dog", (f) => f.animal.dog()),
  "Dog.sound": fromList(w.PETS.dogSound),
  "Dog.age": fromList(w.PETS.dogAge),
  "Dog.size": fromList(w.PETS.dogSize),
  "Dog.coatLength": fromList(w.PETS.dogCoat),
  "Dog.gender": fromList(w.PETS.petGender),
  "Weather.description": fromList(w.WEATHER.description),
  "Weather.temperatureCelsius": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(24),
    faker: (f, a) => `${between(f, intArgOr(a, 0, -30), intArgOr(a, 1, 38))}°C`,
    compiled: (_k, a) => joinDraws(rangeText(intArgOr(a, 0, -30), intArgOr(a, 1, 38)), "°C"),
  },
  "Weather.temperatureFahrenheit": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(24),
    faker: (f, a) => `${between(f, intArgOr(a, 0, -22), intArgOr(a, 1, 100))}°F`,
    compiled: (_k, a) => joinDraws(rangeText(intArgOr(a, 0, -22), intArgOr(a, 1, 100)), "°F"),
  },
  "Mountain.name": fromList(w.MISC.mountain),
  "Mountain.range": fromList(w.MISC.mountainRange),
  "Compass.word": fromList(w.MISC.compassWord),
  "Compass.abbreviation": fromList(w.MISC.compassAbbr),
  "Compass.azimuth": fromList(Array.from({ length: 16 }, (_, i) => String(i * 22.5))),
  "Science.element": localeColumn(
    "science.chemical_element",
    "name",
    (f) => f.science.chemicalElement().name,
  ),
  "Science.elementSymbol": localeColumn(
    "science.chemical_element",
    "symbol",
    (f) => f.science.chemicalElement().symbol,
  ),
  "Science.unit": localeColumn("science.unit", "name", (f) => f.science.unit().name),
  "Science.scientist": fromList(w.SCIENCE.scientist),
  "Science.tool": fromList(w.SCIENCE.tool),
  "Science.quark": fromList(w.SCIENCE.quark),
  "Science.leptons": fromList(w.SCIENCE.lepton),
  "Science.bosons": fromList(w.SCIENCE.boson),
  "Space.planet": fromList(w.SPACE.planet),
  "Space.moon": fromList(w.SPACE.moon),
  "Space.galaxy": fromList(w.SPACE.galaxy),
  "Space.nebula": fromList(w.SPACE.nebula),
  "Space.starCluster": fromList(w.SPACE.starCluster),
  "Space.constellation": fromList(w.SPACE.constellation),
  "Space.star": fromList(w.SPACE.star),
  "Space.agency": columnOf(w.SPACE.agency, 0),
  "Space.agencyAbbreviation": columnOf(w.SPACE.agency, 1),
  "Space.nasaSpaceCraft": fromList(w.SPACE.spacecraft),
  "Space.company": fromList(w.SPACE.company),
  "Space.distanceMeasurement": {
    faker: (f) => `${between(f, 1, 1000)} ${pick(f, w.SPACE.distance)}`,
    compiled: () => joinDraws(numberText(1, 1000), " ", pickFrom(w.SPACE.distance)),
  },
  "Space.meteorite": fromList(w.SPACE.meteorite),
  "Medical.medicineName": fromList(w.MEDICAL.medicine),
  "Medical.diseaseName": fromList(w.MEDICAL.disease),
  "Medical.hospitalName": {
    faker: (f) => `${f.location.city()} ${pick(f, w.MEDICAL.hospitalSuffix)}`,
    compiled: (k) => joinDraws(k.city(), " ", pickFrom(w.MEDICAL.hospitalSuffix)),
  },
  "Medical.symptoms": fromList(w.MEDICAL.symptom),
  "Medical.diagnosisCode": {
    faker: (f) => bothify(f, "?##.#", true),
    compiled: () => symbolFormat("?##.#", "#?"),
    doc: "ICD-10 shaped code",
  },
  "Medical.procedureCode": {
    faker: (f) => bothify(f, "##?#?#?", true),
    compiled: () => symbolFormat("##?#?#?", "#?"),
    doc: "ICD-10-PCS shaped code",
  },
  "Medical.medicalProfession": fromList(w.MEDICAL.profession),
  "Measurement.height": fromList(w.MEASUREMENT.height),
  "Measurement.length": fromList(w.MEASUREMENT.length),
  "Measurement.volume": fromList(w.MEASUREMENT.volume),
  "Measurement.weight": fromList(w.MEASUREMENT.weight),
  "Measurement.metricHeight": fromList(w.MEASUREMENT.metricHeight),
  "Measurement.metricLength": fromList(w.MEASUREMENT.metricLength),
  "Measurement.metricVolume": fromList(w.MEASUREMENT.metricVolume),
  "Measurement.metricWeight": fromList(w.MEASUREMENT.metricWeight),
  "University.name": {
    faker: (f) =>
      pick(f, [
        () => `${pick(f, w.UNIVERSITY.prefix)} ${f.location.state()} ${pick(f, w.UNIVERSITY.suffix)}`,
        () => `${f.person.lastName()} ${pick(f, w.UNIVERSITY.suffix)}`,
        () => `University of ${f.location.city()}`,
      ])(),
    compiled: (k) => {
      const suffix = pickFrom(w.UNIVERSITY.suffix);
      const forms = [
        joinDraws(pickFrom(w.UNIVERSITY.prefix), " ", k.list("location.state"), " ", suffix),
        joinDraws(k.lastName(), " ", suffix),
        joinDraws("University of ", k.city()),
      ];
      return forms.every((d) => d !== undefined) ? pickDraw(forms) : undefined;
    },
  },
  "University.degree": fromList(w.UNIVERSITY.degree),
  "University.prefix": fromList(w.UNIVERSITY.prefix),
  "University.suffix": fromList(w.UNIVERSITY.suffix),
  "University.place": localeList("location.state", (f) => f.location.state()),
  "Educator.university": {
    faker: (f) => `${f.person.lastName()} ${pick(f, w.UNIVERSITY.suffix)}`,
    compiled: (k) => joinDraws(k.lastName(), " ", pickFrom(w.UNIVERSITY.suffix)),
  },
  "Educator.course": fromList(w.UNIVERSITY.course),
  "Educator.subjectWithNumber": {
    faker: (f) => `${pick(f, w.UNIVERSITY.subject)} ${between(f, 100, 499)}`,
    compiled: () => joinDraws(pickFrom(w.UNIVERSITY.subject), " ", numberText(100, 499)),
  },
  "Educator.secondarySchool": {
    faker: (f) => `${f.location.city()} ${pick(f, w.UNIVERSITY.schoolSuffix)}`,
    compiled: (k) => joinDraws(k.city(), " ", pickFrom(w.UNIVERSITY.schoolSuffix)),
  },
  "Educator.campus": joinedLists(" ", w.UNIVERSITY.campus, ["Campus"]),
};
