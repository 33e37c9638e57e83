# Checks that your balance is in Bahati's published liabilities: python3 verify-liabilities.py proof.json
# (the proof downloaded from your profile; the root it names must be the one on /proof-of-liabilities).
import hashlib, json, sys

def sha(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

proof = json.load(open(sys.argv[1]))
root, shares = proof["root"], 0
for part in proof["leaves"]:
    leaf = part["leaf"]
    assert leaf["playerId"] == proof["playerId"] and isinstance(leaf["balance"], int) and leaf["balance"] >= 0
    h, s = sha("bahati-leaf|%s|%s|%d" % (leaf["salt"], leaf["playerId"], leaf["balance"])), leaf["balance"]
    for step in part["path"]:
        assert isinstance(step["sum"], int) and step["sum"] >= 0, "every sum is a whole number >= 0"
        pair = (step["hash"], step["sum"], h, s) if step["side"] == "left" else (h, s, step["hash"], step["sum"])
        h, s = sha("bahati-node|%s|%d|%s|%d" % pair), s + step["sum"]
    if (h, s) != (root["hash"], root["sum"]):
        sys.exit("NOT in this root: a leaf of yours gives %s with %d sats" % (h, s))
    shares += leaf["balance"]
if shares != proof["balance"]:
    sys.exit("NOT your balance: the shares add up to %d sats, not %d" % (shares, proof["balance"]))
print("OK: your %d sats are in the total of %d sats (root %s)" % (shares, root["sum"], root["hash"]))
