-- What an import brings that the register had no place for (issue 40): the middle name, the gender as
-- recorded (female or male; anything else is left out with a warning), and the home address as one line.
ALTER TABLE "membership_record" ADD COLUMN "middle_name" TEXT;
ALTER TABLE "membership_record" ADD COLUMN "gender" TEXT;
ALTER TABLE "membership_record" ADD COLUMN "address" TEXT;
ALTER TABLE "membership_record" ADD CONSTRAINT "membership_record_gender_check" CHECK ("gender" IN ('female', 'male'));
