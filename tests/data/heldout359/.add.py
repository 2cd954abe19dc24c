import json, sys, os
# usage: python3 .add.py spec.json ; spec has id, source, text_json (a JSON string literal), exit_code, failure_class, action_kind, root_exception, notes
d='/work/heldout359'
spec=json.load(open(sys.argv[1]))
text=json.loads(spec['text_json']) if 'text_json' in spec else spec['text']
if not text.endswith('\n'): text+='\n'
i=spec['id']
open(f'{d}/{i}.log','w',encoding='utf-8').write(text)
row={'file':f'{i}.log','id':i,'source':spec['source'],'exit_code':spec['exit_code'],'failure_class':spec['failure_class'],'action_kind':spec['action_kind'],'root_exception':spec['root_exception'],'notes':spec['notes']}
with open(f'{d}/labels.jsonl','a',encoding='utf-8') as f: f.write(json.dumps(row,ensure_ascii=False)+'\n')
print(text, end=''); print('---'); print(row)
