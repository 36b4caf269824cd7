-- The role codes of SPEC §3 Role entry. Every role except the individual member needs an administrator's
-- approval before it counts (SPEC §6).
INSERT INTO roles (code, name, name_en, needs_approval, sort) VALUES
  ('member', '개인회원', 'Individual member', false, 10),
  ('design', '디자인기업', 'Design company', true, 20),
  ('company', '일반기업', 'Company', true, 30),
  ('judge', '심사위원', 'Judge', true, 40),
  ('ibda', 'IBDA 심사위원', 'IBDA judge', true, 50),
  ('dcb', 'DCB 심사위원', 'DCB judge', true, 60),
  ('gnk', 'GNK', 'GNK', true, 70),
  ('shoes', 'KFDA(신발) 심사위원', 'KFDA (footwear) judge', true, 80),
  ('support_group', '지원단', 'Support group', true, 90),
  ('administrator', '관리자', 'Administrator', true, 100)
ON CONFLICT (code) DO NOTHING;
