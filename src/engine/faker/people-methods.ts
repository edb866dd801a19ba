import type { FakerEntry } from "./faker-entry.ts";
import { countryColumn, fromList, localeList } from "./list-entries.ts";
import { joinDraws, pickFrom } from "./locale-draw.ts";
import { pick } from "./table-support.ts";
import * as w from "./word-lists.ts";

/** The expression table's people's traits, work and ties: Job, Construction, Demographic, Gender, BloodType, Relationships, Pronouns, Military, Mood and Hobby. */

export const PEOPLE_METHODS: Readonly<Record<string, FakerEntry>> = {
  "Job.field": fromList(w.JOB.field),
  "Job.seniority": localeList("person.job_descriptor", (f) => f.person.jobDescriptor()),
  "Job.position": localeList("person.job_type", (f) => f.person.jobType()),
  "Job.keySkills": fromList(w.JOB.keySkills),
  "Job.title": { faker: (f) => f.person.jobTitle(), compiled: (k) => k.jobTitle() },
  "Construction.heavyEquipment": fromList(w.MISC.heavyEquipment),
  "Construction.materials": fromList(w.MISC.materials),
  "Construction.roles": fromList(w.MISC.roles),
  "Construction.trades": fromList(w.MISC.trades),
  "Demographic.race": fromList(w.DEMOGRAPHIC.race),
  "Demographic.educationalAttainment": fromList(w.DEMOGRAPHIC.education),
  "Demographic.demonym": countryColumn(6),
  "Demographic.sex": fromList(w.DEMOGRAPHIC.sex),
  "Demographic.maritalStatus": fromList(w.DEMOGRAPHIC.maritalStatus),
  "Gender.types": fromList(w.GENDER.types),
  "Gender.binaryTypes": fromList(w.GENDER.binary),
  "Gender.shortBinaryTypes": fromList(w.GENDER.short),
  "BloodType.aboTypes": fromList(w.BLOOD.abo),
  "BloodType.rhTypes": fromList(w.BLOOD.rh),
  "BloodType.pTypes": fromList(w.BLOOD.p),
  "BloodType.bloodGroup": {
    faker: (f) => `${pick(f, w.BLOOD.abo)}${pick(f, w.BLOOD.rh)}`,
    compiled: () => joinDraws(pickFrom(w.BLOOD.abo), pickFrom(w.BLOOD.rh)),
  },
  "Relationships.direct": fromList(w.RELATIONSHIP.direct),
  "Relationships.extended": fromList(w.RELATIONSHIP.extended),
  "Relationships.inLaw": fromList(w.RELATIONSHIP.inLaw),
  "Relationships.spouse": fromList(w.RELATIONSHIP.spouse),
  "Relationships.parent": fromList(w.RELATIONSHIP.parent),
  "Relationships.sibling": fromList(w.RELATIONSHIP.sibling),
  "Relationships.any": fromList(Object.values(w.RELATIONSHIP).flat()),
  "Pronouns.subjective": fromList(w.PRONOUNS.subjective),
  "Pronouns.objective": fromList(w.PRONOUNS.objective),
  "Pronouns.possessive": fromList(w.PRONOUNS.possessive),
  "Pronouns.reflexive": fromList(w.PRONOUNS.reflexive),
  "Military.armyRank": fromList(w.MILITARY.army),
  "Military.marinesRank": fromList(w.MILITARY.marines),
  "Military.navyRank": fromList(w.MILITARY.navy),
  "Military.airForceRank": fromList(w.MILITARY.airForce),
  "Military.dodPaygrade": fromList(w.MILITARY.paygrade),
  "Mood.feeling": fromList(w.MISC.feeling),
  "Mood.emotion": fromList(w.MISC.emotion),
  "Mood.tone": fromList(w.MISC.tone),
  "Hobby.activity": fromList(w.MISC.hobby),
};
