-- ReportReason 7: copyright infringement (ours; moredoc has 1-6).
ALTER TABLE reports DROP CONSTRAINT reports_reason_range;
ALTER TABLE reports ADD CONSTRAINT reports_reason_range CHECK (reason BETWEEN 1 AND 7);
