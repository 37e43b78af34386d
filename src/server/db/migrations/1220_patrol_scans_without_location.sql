-- A scan without a position (issue 29, decision 220): the patrol app records every plate it
-- checks, with the phone's position when the officer allows it. A position is whole or absent.
ALTER TABLE patrol_scans ALTER COLUMN latitude DROP NOT NULL;
ALTER TABLE patrol_scans ALTER COLUMN longitude DROP NOT NULL;
ALTER TABLE patrol_scans
  ADD CONSTRAINT patrol_scans_position_whole CHECK ((latitude IS NULL) = (longitude IS NULL));
