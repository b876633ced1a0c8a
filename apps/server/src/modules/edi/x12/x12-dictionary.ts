/**
 * Names of the 004010 segments and elements Omnio reads and writes, with their data element reference
 * numbers (AK402) and the meanings of common codes. Sources: Stedi's 004010 reference and stupidedi's
 * element definitions (see /work/shared/channels/edi-x12.md).
 */

/** [element reference number, name] per position, XX01 first. */
type ElementDef = readonly [ref: string, name: string];

export interface SegmentDef {
  name: string;
  elements: readonly ElementDef[];
}

/** Product/service ID qualifier and ID pairs repeat from a starting position (PO106/107, LIN02/03, IT106/107…). */
function idPairs(count: number): ElementDef[] {
  const out: ElementDef[] = [];
  for (let i = 0; i < count; i += 1) out.push(['235', 'Product/service ID qualifier'], ['234', 'Product/service ID']);
  return out;
}

export const SEGMENTS: Record<string, SegmentDef> = {
  ISA: {
    name: 'Interchange control header',
    elements: [
      ['I01', 'Authorization information qualifier'], ['I02', 'Authorization information'], ['I03', 'Security information qualifier'],
      ['I04', 'Security information'], ['I05', 'Interchange sender ID qualifier'], ['I06', 'Interchange sender ID'],
      ['I05', 'Interchange receiver ID qualifier'], ['I07', 'Interchange receiver ID'], ['I08', 'Interchange date'],
      ['I09', 'Interchange time'], ['I10', 'Interchange control standards identifier'], ['I11', 'Interchange control version number'],
      ['I12', 'Interchange control number'], ['I13', 'Acknowledgment requested'], ['I14', 'Usage indicator'], ['I15', 'Component element separator'],
    ],
  },
  GS: {
    name: 'Functional group header',
    elements: [
      ['479', 'Functional identifier code'], ['142', "Application sender's code"], ['124', "Application receiver's code"], ['373', 'Date'],
      ['337', 'Time'], ['28', 'Group control number'], ['455', 'Responsible agency code'], ['480', 'Version / release / industry identifier code'],
    ],
  },
  ST: { name: 'Transaction set header', elements: [['143', 'Transaction set identifier code'], ['329', 'Transaction set control number']] },
  SE: { name: 'Transaction set trailer', elements: [['96', 'Number of included segments'], ['329', 'Transaction set control number']] },
  GE: { name: 'Functional group trailer', elements: [['97', 'Number of transaction sets included'], ['28', 'Group control number']] },
  IEA: { name: 'Interchange control trailer', elements: [['I16', 'Number of included functional groups'], ['I12', 'Interchange control number']] },
  BEG: {
    name: 'Beginning segment for purchase order',
    elements: [['353', 'Transaction set purpose code'], ['92', 'Purchase order type code'], ['324', 'Purchase order number'], ['328', 'Release number'], ['373', 'Date'], ['367', 'Contract number']],
  },
  CUR: { name: 'Currency', elements: [['98', 'Entity identifier code'], ['100', 'Currency code']] },
  REF: { name: 'Reference identification', elements: [['128', 'Reference identification qualifier'], ['127', 'Reference identification'], ['352', 'Description']] },
  PER: {
    name: 'Administrative communications contact',
    elements: [['366', 'Contact function code'], ['93', 'Name'], ['365', 'Communication number qualifier'], ['364', 'Communication number'], ['365', 'Communication number qualifier'], ['364', 'Communication number']],
  },
  DTM: { name: 'Date/time reference', elements: [['374', 'Date/time qualifier'], ['373', 'Date'], ['337', 'Time']] },
  TD5: {
    name: 'Carrier details (routing sequence/transit time)',
    elements: [['133', 'Routing sequence code'], ['66', 'Identification code qualifier'], ['67', 'Identification code (SCAC)'], ['91', 'Transportation method/type code'], ['387', 'Routing']],
  },
  TD1: {
    name: 'Carrier details (quantity and weight)',
    elements: [['103', 'Packaging code'], ['80', 'Lading quantity'], ['23', 'Commodity code qualifier'], ['22', 'Commodity code'], ['79', 'Lading description'], ['187', 'Weight qualifier'], ['81', 'Weight'], ['355', 'Unit of measurement code']],
  },
  N1: { name: 'Name', elements: [['98', 'Entity identifier code'], ['93', 'Name'], ['66', 'Identification code qualifier'], ['67', 'Identification code']] },
  N2: { name: 'Additional name information', elements: [['93', 'Name'], ['93', 'Name']] },
  N3: { name: 'Address information', elements: [['166', 'Address information'], ['166', 'Address information']] },
  N4: { name: 'Geographic location', elements: [['19', 'City name'], ['156', 'State or province code'], ['116', 'Postal code'], ['26', 'Country code']] },
  PO1: {
    name: 'Baseline item data',
    elements: [['350', 'Assigned identification (line number)'], ['330', 'Quantity ordered'], ['355', 'Unit of measurement code'], ['212', 'Unit price'], ['639', 'Basis of unit price code'], ...idPairs(10)],
  },
  PID: {
    name: 'Product/item description',
    elements: [['349', 'Item description type'], ['750', 'Product/process characteristic code'], ['559', 'Agency qualifier code'], ['751', 'Product description code'], ['352', 'Description']],
  },
  CTT: { name: 'Transaction totals', elements: [['354', 'Number of line items'], ['347', 'Hash total']] },
  BAK: {
    name: 'Beginning segment for purchase order acknowledgment',
    elements: [['353', 'Transaction set purpose code'], ['587', 'Acknowledgment type'], ['324', 'Purchase order number'], ['373', 'Purchase order date'], ['328', 'Release number'], ['326', 'Request reference number'], ['367', 'Contract number'], ['127', 'Reference identification'], ['373', 'Date']],
  },
  ACK: {
    name: 'Line item acknowledgment',
    elements: [['668', 'Line item status code'], ['380', 'Quantity'], ['355', 'Unit of measurement code'], ['374', 'Date/time qualifier'], ['373', 'Date']],
  },
  BSN: {
    name: 'Beginning segment for ship notice',
    elements: [['353', 'Transaction set purpose code'], ['396', 'Shipment identification'], ['373', 'Date'], ['337', 'Time'], ['1005', 'Hierarchical structure code']],
  },
  HL: { name: 'Hierarchical level', elements: [['628', 'Hierarchical ID number'], ['734', 'Hierarchical parent ID number'], ['735', 'Hierarchical level code'], ['736', 'Hierarchical child code']] },
  PRF: { name: 'Purchase order reference', elements: [['324', 'Purchase order number'], ['328', 'Release number'], ['327', 'Change order sequence number'], ['373', 'Purchase order date']] },
  MAN: { name: 'Marks and numbers', elements: [['88', 'Marks and numbers qualifier'], ['87', 'Marks and numbers']] },
  LIN: { name: 'Item identification', elements: [['350', 'Assigned identification (line number)'], ...idPairs(15)] },
  SN1: { name: 'Item detail (shipment)', elements: [['350', 'Assigned identification (line number)'], ['382', 'Number of units shipped'], ['355', 'Unit of measurement code']] },
  BIG: { name: 'Beginning segment for invoice', elements: [['373', 'Invoice date'], ['76', 'Invoice number'], ['373', 'Purchase order date'], ['324', 'Purchase order number']] },
  ITD: {
    name: 'Terms of sale/deferred terms of sale',
    elements: [['336', 'Terms type code'], ['333', 'Terms basis date code'], ['338', 'Terms discount percent'], ['370', 'Terms discount due date'], ['351', 'Terms discount days due'], ['446', 'Terms net due date'], ['386', 'Terms net days']],
  },
  IT1: {
    name: 'Baseline item data (invoice)',
    elements: [['350', 'Assigned identification (line number)'], ['358', 'Quantity invoiced'], ['355', 'Unit of measurement code'], ['212', 'Unit price'], ['639', 'Basis of unit price code'], ...idPairs(10)],
  },
  TDS: { name: 'Total monetary value summary', elements: [['610', 'Amount (2 implied decimals)']] },
  SAC: {
    name: 'Service, promotion, allowance, or charge information',
    elements: [['248', 'Allowance or charge indicator'], ['1300', 'Service, promotion, allowance, or charge code'], ['559', 'Agency qualifier code'], ['1301', 'Agency service code'], ['610', 'Amount (2 implied decimals)']],
  },
  BIA: {
    name: 'Beginning segment for inventory inquiry/advice',
    elements: [['353', 'Transaction set purpose code'], ['755', 'Report type code'], ['127', 'Reference identification'], ['373', 'Date'], ['337', 'Time']],
  },
  QTY: { name: 'Quantity', elements: [['673', 'Quantity qualifier'], ['380', 'Quantity'], ['C001', 'Composite unit of measure']] },
  AK1: { name: 'Functional group response header', elements: [['479', 'Functional identifier code'], ['28', 'Group control number']] },
  AK2: { name: 'Transaction set response header', elements: [['143', 'Transaction set identifier code'], ['329', 'Transaction set control number']] },
  AK3: { name: 'Data segment note', elements: [['721', 'Segment ID code'], ['719', 'Segment position in transaction set'], ['447', 'Loop identifier code'], ['720', 'Segment syntax error code']] },
  AK4: { name: 'Data element note', elements: [['C030', 'Position in segment'], ['725', 'Data element reference number'], ['723', 'Data element syntax error code'], ['724', 'Copy of bad data element']] },
  AK5: {
    name: 'Transaction set response trailer',
    elements: [['717', 'Transaction set acknowledgment code'], ['718', 'Transaction set syntax error code'], ['718', 'Transaction set syntax error code'], ['718', 'Transaction set syntax error code'], ['718', 'Transaction set syntax error code'], ['718', 'Transaction set syntax error code']],
  },
  AK9: {
    name: 'Functional group response trailer',
    elements: [['715', 'Functional group acknowledge code'], ['97', 'Number of transaction sets included'], ['123', 'Number of received transaction sets'], ['2', 'Number of accepted transaction sets'], ['716', 'Functional group syntax error code'], ['716', 'Functional group syntax error code'], ['716', 'Functional group syntax error code'], ['716', 'Functional group syntax error code'], ['716', 'Functional group syntax error code']],
  },
};

const PRODUCT_ID: Record<string, string> = {
  UP: 'UPC (12 digits)', EN: 'EAN/GTIN-13', UK: 'GTIN-14', VN: "Vendor's item number", VP: "Vendor's part number", BP: "Buyer's part number",
  CB: "Buyer's catalog number", IN: "Buyer's item number", SK: 'Stock keeping unit (SKU)', PI: "Purchaser's item code",
};
const UOM: Record<string, string> = { EA: 'Each', CA: 'Case', PK: 'Package', BX: 'Box', DZ: 'Dozen', LB: 'Pound', KG: 'Kilogram', PR: 'Pair' };
const ENTITY: Record<string, string> = {
  ST: 'Ship to', BT: 'Bill to', BY: 'Buying party', SF: 'Ship from', SU: 'Supplier', VN: 'Vendor', RI: 'Remit to', WH: 'Warehouse', Z7: 'Mark-for party',
};
const ID_QUALIFIER: Record<string, string> = { '1': 'DUNS', '9': 'DUNS+4', '92': 'Assigned by buyer', '91': 'Assigned by seller', UL: 'GLN', '2': 'SCAC' };
const PURPOSE: Record<string, string> = { '00': 'Original', '01': 'Cancellation', '04': 'Change', '05': 'Replace', '06': 'Confirmation' };

/** Code meanings by data element reference number. */
export const CODES: Record<string, Record<string, string>> = {
  '353': PURPOSE,
  '92': { SA: 'Stand-alone order', DS: 'Drop ship', NE: 'New order', RO: 'Rush order', BK: 'Blanket order', RL: 'Release' },
  '98': ENTITY,
  '66': ID_QUALIFIER,
  '235': PRODUCT_ID,
  '355': UOM,
  '639': { PE: 'Price per each', CP: 'Current price', CT: 'Contract price', NT: 'Net' },
  '128': { IA: 'Internal vendor number', DP: 'Department number', VR: 'Vendor ID number', CO: 'Customer order number', BM: 'Bill of lading number', CN: 'Carrier PRO number', '2I': 'Tracking number', PO: 'Purchase order number' },
  '374': { '002': 'Delivery requested', '010': 'Requested ship', '011': 'Shipped', '017': 'Estimated delivery', '037': 'Ship not before', '038': 'Ship no later', '001': 'Cancel after', '068': 'Current schedule ship' },
  '91': { U: 'Private parcel service', M: 'Motor (common carrier)', LT: 'Less than trailer load (LTL)', A: 'Air', H: 'Customer pickup' },
  '587': { AC: 'Acknowledge with detail and change', AD: 'Acknowledge with detail, no change', AK: 'Acknowledge, no detail or change', AT: 'Accepted', RD: 'Reject with detail', RJ: 'Rejected, no detail' },
  '668': { IA: 'Item accepted', IB: 'Item backordered', IC: 'Item accepted, changes made', IP: 'Item accepted, price changed', IQ: 'Item accepted, quantity changed', IR: 'Item rejected', ID: 'Item deleted', IS: 'Item accepted, substitution made' },
  '1005': { '0001': 'Shipment, order, packaging, item (SOPI)', '0004': 'Shipment, order, item' },
  '735': { S: 'Shipment', O: 'Order', T: 'Tare (pallet)', P: 'Pack (carton)', I: 'Item' },
  '736': { '0': 'No subordinate levels', '1': 'Has subordinate levels' },
  '103': { CTN25: 'Carton, corrugated', CTN: 'Carton', PLT: 'Pallet' },
  '187': { G: 'Gross weight', N: 'Net weight' },
  '88': { GM: 'SSCC-18 with application identifier', CP: 'Carrier-assigned package ID' },
  '336': { '01': 'Basic', '05': 'Discount not applicable', '08': 'Basic discount offered' },
  '333': { '3': 'Invoice date', '2': 'Delivery date', '15': 'Receipt of goods' },
  '755': { SI: 'Seller inventory report', DD: 'Distributor inventory report' },
  '673': { '17': 'Quantity on hand', '33': 'Quantity available for sale', '02': 'Cumulative quantity' },
  '349': { F: 'Free-form', S: 'Structured' },
  '248': { A: 'Allowance', C: 'Charge' },
  '479': { PO: 'Purchase order (850)', PR: 'PO acknowledgment (855)', SH: 'Ship notice (856)', IN: 'Invoice (810)', IB: 'Inventory advice (846)', FA: 'Functional acknowledgment (997)', OW: 'Warehouse shipping order (940)', SW: 'Warehouse shipping advice (945)' },
  '143': { '850': 'Purchase order', '855': 'PO acknowledgment', '856': 'Ship notice/manifest', '810': 'Invoice', '846': 'Inventory inquiry/advice', '997': 'Functional acknowledgment', '940': 'Warehouse shipping order', '945': 'Warehouse shipping advice' },
  '717': { A: 'Accepted', E: 'Accepted, errors noted', R: 'Rejected', M: 'Rejected, message authentication failed', W: 'Rejected, assurance failed', X: 'Rejected, content could not be analyzed' },
  '715': { A: 'Accepted', E: 'Accepted, errors noted', P: 'Partially accepted (some sets rejected)', R: 'Rejected' },
  '718': {
    '1': 'Transaction set not supported', '2': 'Trailer missing', '3': 'Control number in header and trailer do not match', '4': 'Number of included segments does not match',
    '5': 'One or more segments in error', '6': 'Missing or invalid transaction set identifier', '7': 'Missing or invalid control number', '23': 'Control number not unique within group',
  },
  '716': {
    '1': 'Functional group not supported', '2': 'Functional group version not supported', '3': 'Functional group trailer missing', '4': 'Group control number in header and trailer do not match',
    '5': 'Number of included transaction sets does not match', '6': 'Group control number violates syntax', '19': 'Group control number not unique within interchange',
  },
  '720': {
    '1': 'Unrecognized segment ID', '2': 'Unexpected segment', '3': 'Mandatory segment missing', '4': 'Loop occurs over maximum times', '5': 'Segment exceeds maximum use',
    '6': 'Segment not in defined transaction set', '7': 'Segment not in proper sequence', '8': 'Segment has data element errors',
  },
  '723': {
    '1': 'Mandatory data element missing', '2': 'Conditional required data element missing', '3': 'Too many data elements', '4': 'Data element too short', '5': 'Data element too long',
    '6': 'Invalid character in data element', '7': 'Invalid code value', '8': 'Invalid date', '9': 'Invalid time', '10': 'Exclusion condition violated',
  },
  I05: { '01': 'DUNS', '12': 'Phone number', '14': 'DUNS with suffix', ZZ: 'Mutually defined' },
  I13: { '0': 'No acknowledgment requested', '1': 'Interchange acknowledgment (TA1) requested' },
  I14: { P: 'Production', T: 'Test' },
};

/** AK402: the data element reference number at a position of a segment, when we know the segment. */
export function elementRef(segmentId: string, position: number): string | undefined {
  return SEGMENTS[segmentId]?.elements[position - 1]?.[0];
}
