/** Types of sheet-extent.mjs (plain JavaScript so that the workbook worker can load it). */
export declare function sheetExtent(xml: string): { rows: number; columns: number };
