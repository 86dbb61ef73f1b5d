// The wizard's form as the browser holds it: every field of seed 001 §3.1, text as strings and
// choices as booleans, so inputs are always controlled. Blank optional fields are left out when
// the form is sent.
export type RegistrationForm = {
  title: string;
  alternativeTitles: string;
  publicationAsContribution: boolean;
  collectiveWorkTitle: string;
  volumeNumber: string;
  issueNumber: string;
  issueDate: string;
  pageNumbers: string;
  materialType: string;
  intendedMedium: string;
  description: string;
  firstName: string;
  lastName: string;
  authorYearBorn: string;
  authorYearDied: string;
  workMadeForHire: boolean;
  employerName: string;
  authorNationality: string;
  authorDomicile: string;
  natureOfAuthorship: string;
  anonymousWork: boolean;
  pseudonymousWork: boolean;
  pseudonym: string;
  yearOfCreation: string;
  workPublished: boolean;
  dateOfPublication: string;
  nationOfPublication: string;
  email: string;
  phone: string;
  address: string;
};

export type TextField = { [K in keyof RegistrationForm]: RegistrationForm[K] extends string ? K : never }[keyof RegistrationForm];
export type FlagField = { [K in keyof RegistrationForm]: RegistrationForm[K] extends boolean ? K : never }[keyof RegistrationForm];

export const emptyForm: RegistrationForm = {
  title: '',
  alternativeTitles: '',
  publicationAsContribution: false,
  collectiveWorkTitle: '',
  volumeNumber: '',
  issueNumber: '',
  issueDate: '',
  pageNumbers: '',
  materialType: '',
  intendedMedium: '',
  description: '',
  firstName: '',
  lastName: '',
  authorYearBorn: '',
  authorYearDied: '',
  workMadeForHire: false,
  employerName: '',
  authorNationality: '',
  authorDomicile: '',
  natureOfAuthorship: '',
  anonymousWork: false,
  pseudonymousWork: false,
  pseudonym: '',
  yearOfCreation: '',
  workPublished: false,
  dateOfPublication: '',
  nationOfPublication: '',
  email: '',
  phone: '',
  address: '',
};

/** Rebuilds a form from anything (stored JSON, say): known fields of the right type, the rest empty. */
export function toRegistrationForm(value: unknown): RegistrationForm {
  const form: RegistrationForm = { ...emptyForm };
  if (typeof value !== 'object' || value === null) return form;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(emptyForm) as Array<keyof RegistrationForm>) {
    const field = source[key];
    if (typeof field === typeof emptyForm[key]) (form as Record<string, unknown>)[key] = field;
  }
  return form;
}
