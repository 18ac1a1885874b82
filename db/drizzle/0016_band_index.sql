-- Issue 31: the weather filter of the board (`?band=rain`) walks its band's rows in score order and counts
-- them from the index alone (tool_count and security_findings trail the key). Numbered 0016: 0014 and 0015
-- belong to other branches of the same round.
CREATE INDEX "board_band_idx" ON "board_entries" USING btree ("rules_id","rules_hash","band","score" DESC NULLS LAST,"name_lower","server_id","tool_count","security_findings") WHERE "board_entries"."public";