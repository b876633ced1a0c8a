/** The shapes our X12 004010 library reads and writes; pure data, no I/O. */

export interface X12Delimiters {
  element: string;
  component: string;
  segment: string;
}

/** elements[0] is XX01, the first element after the segment id. */
export interface X12Segment {
  id: string;
  elements: string[];
}

export interface X12Transaction {
  setId: string;
  control: string;
  /** Between ST and SE, both excluded. */
  segments: X12Segment[];
  st: X12Segment;
  se: X12Segment | null;
  /** Position of ST in the interchange's segment list (ISA = 0), for error positions. */
  startIndex: number;
}

export interface X12Group {
  functionalId: string;
  control: string;
  sender: string;
  receiver: string;
  date: string;
  time: string;
  version: string;
  gs: X12Segment;
  ge: X12Segment | null;
  transactions: X12Transaction[];
}

export interface X12Interchange {
  delimiters: X12Delimiters;
  senderQualifier: string;
  /** Trimmed of the ISA's fixed-width padding. */
  senderId: string;
  receiverQualifier: string;
  receiverId: string;
  date: string;
  time: string;
  control: string;
  ackRequested: boolean;
  usage: 'P' | 'T';
  isa: X12Segment;
  iea: X12Segment | null;
  groups: X12Group[];
}

/**
 * One finding, in the code lists the acknowledgments speak: `code` is a 718 note code for sets ('2' trailer
 * missing, '3' ST02≠SE02, '4' SE01 wrong, '5' segments in error, '23' duplicate ST02), a 716 code for groups
 * ('3' GE missing, '4' GS06≠GE02, '5' GE01 wrong, '19' duplicate GS06) and a TA1 105 code for the interchange
 * ('001' ISA13≠IEA02, '021' IEA01 wrong, '023' IEA missing).
 */
export interface X12Issue {
  level: 'interchange' | 'group' | 'transaction';
  code: string;
  message: string;
  groupControl?: string;
  setControl?: string;
  setId?: string;
  segmentId?: string;
  /** Counting ST as 1 (AK302). */
  segmentPosition?: number;
  /** AK303: the loop the segment sits in (e.g. 'HL', 'PO1', 'N1'). */
  loopId?: string;
  elementPosition?: number;
  /** AK402: the data element reference number (e.g. '355'); build997 looks it up when absent. */
  elementRef?: string;
  /** 723 code (AK403). */
  elementCode?: string;
  badValue?: string;
  /** 720 code (AK304). */
  segmentCode?: string;
  /** The set can still be used: a 997 reports it as 'E' (accepted with errors) instead of 'R'. */
  warning?: boolean;
}

/** Input that is not an X12 interchange at all (or one whose envelope cannot be trusted). */
export class X12SyntaxError extends Error {
  constructor(
    message: string,
    readonly offset?: number,
  ) {
    super(message);
    this.name = 'X12SyntaxError';
  }
}
