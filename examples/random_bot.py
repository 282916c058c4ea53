import json, random, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "request":
        print(json.dumps({"index": random.randrange(len(message["legal"]))}), flush=True)
