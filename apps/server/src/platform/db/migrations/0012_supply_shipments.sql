-- Supply shipments (issue 5): shipping and receiving update every line of a shipment, and of its purchase
-- order or transfer, after they were written (qty_good/hold/hurt, qty_shipped, qty_received; once, or a few
-- times for partial receipts). Free room on each page lets those be HOT updates, which write no new index
-- entries: a 5,000-line receipt then rewrites heap tuples only instead of also growing three or four
-- indexes per line. None of the updated columns is indexed.
ALTER TABLE supply_shipment_lines SET (fillfactor = 70);
ALTER TABLE purchase_order_lines SET (fillfactor = 80);
ALTER TABLE transfer_lines SET (fillfactor = 80);
