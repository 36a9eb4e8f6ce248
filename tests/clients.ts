/** What a freelancer types in a hurry: every field in a spelling the client normaliser has to clean up. */
export const MESSY_CLIENT = {
  name: "  Bakkerij De Korenschoof ",
  contactPerson: "Els Bakker",
  email: "els@korenschoof.nl",
  phone: "06-12345678",
  address: "",
  street: "Dorpsstraat",
  houseNumber: "12a",
  postalCode: "1234ab",
  city: "Oudewater",
  country: "NL",
  taxNumber: "nl 123456789 b01",
  kvkNumber: "12345678",
  iban: "nl91abna0417164300",
  paymentTermsDays: 14,
  notes: "Levert elke maandag.",
};

/** MESSY_CLIENT as spec §5 stores it. */
export const NORMALISED_CLIENT = {
  name: "Bakkerij De Korenschoof",
  contactPerson: "Els Bakker",
  email: "els@korenschoof.nl",
  phone: "+31 6 12345678",
  address: "Dorpsstraat 12a, 1234 AB Oudewater",
  street: "Dorpsstraat",
  houseNumber: "12a",
  postalCode: "1234 AB",
  city: "Oudewater",
  country: "NL",
  taxNumber: "NL 123.456.789.B01",
  kvkNumber: "1234 5678",
  iban: "NL91 ABNA 0417 1643 00",
  paymentTermsDays: 14,
  notes: "Levert elke maandag.",
};
