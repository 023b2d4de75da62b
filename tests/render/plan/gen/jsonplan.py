"""Builds the resource_changes element jsonplan.MarshalResourceChanges would
write for one of plan_test.go's runTestCases cases."""
import cty
from evalgo import Resource, Module

ACTIONS = {
    'NoOp': ['no-op'], 'Create': ['create'], 'Delete': ['delete'], 'Update': ['update'],
    'CreateThenDelete': ['create', 'delete'], 'Read': ['read'],
    'DeleteThenCreate': ['delete', 'create'], 'Forget': ['forget'],
    'CreateThenForget': ['create', 'forget'],
}


def fixup(val, ty):
    if val is None or (val.known and val.null):
        return cty.Null(ty)
    if not val.known:
        return cty.Unknown(ty)
    return cty.convert(val, ty)


def marshal_change(tc):
    schema = tc['Schema']
    ty = schema.implied_type()
    before = fixup(tc.get('Before'), ty)
    after = fixup(tc.get('After'), ty)

    addr = Resource(tc.get('Mode', 'managed'), 'test_instance', 'example').Instance(
        tc.get('InstanceKey')).Absolute(tc.get('ModuleInst', Module()))
    prev = tc.get('PrevRunAddr') or addr

    change = {'actions': ACTIONS[tc['Action']]}
    change['before'] = cty.to_json(before)
    bpaths = {cty.path_key(p) for p in tc.get('BeforeSensitivePaths') or []}
    bpaths |= {cty.path_key(p) for p in schema.sensitive_paths(before)}
    before_sensitive = cty.sensitive_as_bool(before, bpaths)

    if after.wholly_known():
        change['after'] = cty.to_json(after)
        after_unknown = {}
    else:
        filtered = cty.omit_unknowns(after)
        if not filtered.null:
            change['after'] = cty.to_json(filtered)
        after_unknown = cty.unknown_as_bool(after)
    change['after_unknown'] = after_unknown
    change['before_sensitive'] = before_sensitive
    apaths = {cty.path_key(p) for p in tc.get('AfterSensitivePaths') or []}
    apaths |= {cty.path_key(p) for p in schema.sensitive_paths(after)}
    change['after_sensitive'] = cty.sensitive_as_bool(after, apaths)
    replace = tc.get('RequiredReplace') or []
    if replace:
        change['replace_paths'] = [cty.encode_path(p) for p in replace]

    rc = {'address': str(addr)}
    if str(prev) != str(addr):
        rc['previous_address'] = str(prev)
    if addr.module:
        rc['module_address'] = ''.join(
            ('.' if i else '') + 'module.%s' % n + (
                '' if k is None else ('[%d]' % k if isinstance(k, int) else '[%s]' % cty.go_json_string(k)))
            for i, (n, k) in enumerate(addr.module))
    rc['mode'] = addr.mode
    rc['type'] = addr.type
    rc['name'] = addr.name
    if addr.key is not None:
        rc['index'] = addr.key if isinstance(addr.key, str) else cty.RawNumber(str(addr.key))
    rc['provider_name'] = 'registry.terraform.io/hashicorp/test'
    if tc.get('DeposedKey'):
        rc['deposed'] = tc['DeposedKey']
    rc['change'] = change
    reason = tc.get('ActionReason')
    if reason and reason[1]:
        rc['action_reason'] = reason[1]
    return rc
