/** Price files shared by the import tests (upload, command line, scheduled fetch). */
export const GOOD_MARKET_CSV = [
  'date,source,family,name,minPrice,maxPrice,avgPrice',
  '2026-04-01,Mercabarna,legumes,Tomato,1.10,1.90,1.45',
  '2026-04-01,Mercabarna,legumes,"Pepper, red",2.00,2.80,2.35',
  '2026-04-01,Mercabarna,fruits,Orange,0.70,1.10,0.85',
].join('\n');

/** The same products, new prices: a re-import replaces. */
export const GOOD_MARKET_CSV_V2 = GOOD_MARKET_CSV.replace('1.10,1.90,1.45', '1.20,2.00,1.60');

/** Semicolons and decimal commas, as a European spreadsheet exports them. */
export const GOOD_GROWER_CSV = [
  'date;source;family;name;firstPrice;secondPrice;thirdPrice;fourthPrice;fifthPrice;sixthPrice;seventhPrice;eighthPrice;ninthPrice;tenthPrice;eleventhPrice;twelfthPrice;thirteenthPrice;fourteenthPrice;fifteenthPrice',
  '2026-04-01;Subasta La Unión;legumes;Bell pepper;1,90;1,85;1,80;1,75;1,70;1,65;1,60;1,55;1,50;1,45;1,40;1,35;1,30;1,25;1,20',
  '2026-04-01;Subasta La Unión;legumes;Zucchini;0,80;0,75;;;;;;;;;;;;;',
].join('\n');

/** Line 3 (the second product) has a minimum above its maximum. */
export const BAD_MARKET_CSV = [
  'date,source,family,name,minPrice,maxPrice,avgPrice',
  '2026-04-02,Mercabarna,legumes,Cucumber,0.50,0.90,0.70',
  '2026-04-02,Mercabarna,legumes,Lettuce,1.50,0.90,1.00',
  '2026-04-02,Mercabarna,fruits,Lemon,0.80,1.20,1.00',
].join('\n');
