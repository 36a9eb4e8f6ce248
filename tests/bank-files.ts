/** Bank statement files as Dutch banks write them, built from a few lines (tests and benchmarks). */
export type CamtEntry = {
  date: string;
  /** Signed euros as text: "121.00" in, "-60.50" out. */
  amount: string;
  name?: string;
  iban?: string;
  text?: string;
  reference?: string;
};

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const cents = (amount: string) => Math.round(Number(amount) * 100);
const euros = (value: number) => (Math.abs(value) / 100).toFixed(2);

/**
 * A CAMT.053.001.02 statement of one account as a Dutch bank writes it: opening and closing balance, one entry
 * per line with the counterparty and the remittance information.
 */
export function camt053(options: {
  iban: string;
  opening: string;
  entries: readonly CamtEntry[];
  id?: string;
}): string {
  const openingCents = cents(options.opening);
  const closingCents = options.entries.reduce((sum, entry) => sum + cents(entry.amount), openingCents);
  const first = options.entries[0]?.date ?? "2026-11-01";
  const last = options.entries.at(-1)?.date ?? first;
  const balance = (code: string, value: number, date: string) => `
      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">${euros(value)}</Amt><CdtDbtInd>${value < 0 ? "DBIT" : "CRDT"}</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entries = options.entries
    .map((entry, index) => {
      const incoming = cents(entry.amount) >= 0;
      const party = incoming ? "Dbtr" : "Cdtr";
      return `
      <Ntry>
        <Amt Ccy="EUR">${euros(cents(entry.amount))}</Amt><CdtDbtInd>${incoming ? "CRDT" : "DBIT"}</CdtDbtInd>
        <Sts>BOOK</Sts><BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt>
        <AcctSvcrRef>${options.id ?? "STMT"}-${index + 1}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties>
            <${party}><Nm>${escape(entry.name ?? "Onbekend")}</Nm></${party}>
            ${entry.iban ? `<${party}Acct><Id><IBAN>${entry.iban}</IBAN></Id></${party}Acct>` : ""}
          </RltdPties>
          <RmtInf>${
            entry.reference
              ? `<Strd><CdtrRefInf><Ref>${entry.reference}</Ref></CdtrRefInf></Strd>`
              : `<Ustrd>${escape(entry.text ?? "")}</Ustrd>`
          }</RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${options.id ?? "STMT"}</MsgId><CreDtTm>${last}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${options.id ?? "STMT"}</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>${last}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${options.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      ${balance("OPBD", openingCents, first)}
      ${balance("CLBD", closingCents, last)}
      ${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

const swiftAmount = (value: number) => (Math.abs(value) / 100).toFixed(2).replace(".", ",");
const swiftDate = (isoDate: string) => isoDate.slice(2).replaceAll("-", "");

/** An ING-style MT940 statement of one account: the :61: entries with structured :86: details. */
export function mt940(options: {
  iban: string;
  opening: string;
  entries: readonly CamtEntry[];
  id?: string;
}): string {
  const openingCents = cents(options.opening);
  const closingCents = options.entries.reduce((sum, entry) => sum + cents(entry.amount), openingCents);
  const first = options.entries[0]?.date ?? "2026-11-01";
  const last = options.entries.at(-1)?.date ?? first;
  const mark = (value: number) => (value < 0 ? "D" : "C");
  const lines = [
    "{1:F01INGBNL2ABXXX0000000000}{2:I940INGBNL2AXXXN}{4:",
    `:20:${options.id ?? "P261101000000001"}`,
    `:25:${options.iban}EUR`,
    ":28C:00001",
    `:60F:${mark(openingCents)}${swiftDate(first)}EUR${swiftAmount(openingCents)}`,
  ];
  options.entries.forEach((entry, index) => {
    const value = cents(entry.amount);
    const date = swiftDate(entry.date);
    lines.push(
      `:61:${date}${date.slice(2)}${mark(value)}${swiftAmount(value)}NTRFNONREF//${options.id ?? "B"}${index + 1}`,
    );
    lines.push("/TRCD/00100/");
    const counterparty = entry.iban ? `/CNTP/${entry.iban}/INGBNL2A/${entry.name ?? ""}//` : "";
    const remittance = entry.reference
      ? `/REMI/STRD/CUR/${entry.reference}/`
      : `/REMI/USTD//${entry.text ?? ""}/`;
    const details = `/EREF/NOTPROVIDED/${counterparty}${remittance}`;
    // :86: wraps at 65 characters, as the banks write it.
    const wrapped = details.match(/.{1,65}/g) ?? [""];
    lines.push(`:86:${wrapped[0]}`, ...wrapped.slice(1));
  });
  lines.push(`:62F:${mark(closingCents)}${swiftDate(last)}EUR${swiftAmount(closingCents)}`, "-}");
  return `${lines.join("\r\n")}\r\n`;
}
